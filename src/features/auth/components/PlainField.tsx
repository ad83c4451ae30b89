/**
 * PlainField: label + native input + error line, styled like antd's vertical form item. The visitor
 * screens use it instead of antd Form/Input to stay within the Lighthouse budgets (antd's runtime
 * CSS-in-JS for the form stack costs ~1 s of main-thread time on a mid-range phone).
 * Props: `label`, `error?`, `extra?` (hint under the input), `addon?` (e.g. the send-code button),
 * and every <input> attribute.
 */
import { useId, useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';

export interface PlainFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  extra?: string;
  addon?: ReactNode;
}

export default function PlainField({ label, error, extra, addon, className, ...input }: PlainFieldProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  // The prerendered page shows the form before its script runs: what was typed meanwhile is adopted.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && input.onChange && input.value !== undefined && element.value !== String(input.value)) {
      input.onChange({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement>);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field first appears
  }, []);
  const described = [error ? `${id}-error` : '', extra ? `${id}-extra` : ''].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      ref={ref}
      id={id}
      className={['plain-input', error ? 'invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-invalid={Boolean(error)}
      aria-describedby={described}
      {...input}
    />
  );
  return (
    <div className="plain-field">
      <label className="plain-label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className="plain-row">
          {field}
          {addon}
        </div>
      ) : (
        field
      )}
      {error && (
        <span className="plain-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
      {extra && !error && (
        <span className="plain-extra" id={`${id}-extra`}>
          {extra}
        </span>
      )}
    </div>
  );
}

/** The mainland mobile number field of the visitor screens. */
export function PhoneField({
  label,
  placeholder,
  value,
  error,
  onValue,
  autoComplete = 'tel',
}: {
  label: string;
  placeholder: string;
  value: string;
  error?: string;
  onValue: (phone: string) => void;
  autoComplete?: string;
}) {
  return (
    <PlainField
      label={label}
      error={error}
      name="phone"
      value={value}
      onChange={(event) => onValue(event.target.value.trim())}
      placeholder={placeholder}
      inputMode="numeric"
      maxLength={11}
      autoComplete={autoComplete}
    />
  );
}
