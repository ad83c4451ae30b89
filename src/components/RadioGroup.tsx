/**
 * RadioGroup: antd's Radio.Group as native radios in plain markup (RadioGroup.css), for screens that
 * load no antd up front. `optionType="button"` draws them as joined buttons (`buttonStyle="solid"`
 * fills the checked one), the default as antd's circles; either way the native radio covers its
 * whole label (a touch target of the label's size) and arrow keys move the choice.
 * A choice shows at once and `onChange` runs in a transition: what it changes (a form, a price
 * table) renders after the tap has painted, in slices, so the tap answers within a frame.
 */
import { startTransition, useId, useOptimistic, type ReactNode } from 'react';
import './RadioGroup.css';

export interface RadioGroupProps<T extends string | number> {
  value: T | null | undefined;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  optionType?: 'default' | 'button';
  buttonStyle?: 'outline' | 'solid';
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export default function RadioGroup<T extends string | number>({
  value,
  options,
  onChange,
  optionType = 'default',
  buttonStyle = 'outline',
  className,
  'aria-label': label,
  'data-testid': testId,
}: RadioGroupProps<T>) {
  const name = useId();
  const [shown, setShown] = useOptimistic(value);
  const choose = (chosen: T) =>
    startTransition(() => {
      setShown(chosen);
      onChange(chosen);
    });
  const buttons = optionType === 'button';
  const classes = [buttons ? 'radio-buttons' : '', buttons && buttonStyle === 'solid' ? 'radio-buttons-solid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const optionClass = buttons ? 'radio-button' : 'plain-radio';
  return (
    <div role="radiogroup" aria-label={label} className={classes || undefined} data-testid={testId}>
      {options.map((option) => (
        <label key={option.value} className={option.value === shown ? `${optionClass} checked` : optionClass}>
          <input type="radio" name={name} value={option.value} checked={option.value === shown} onChange={() => choose(option.value)} />
          {!buttons && <span className="plain-radio-mark" aria-hidden="true" />}
          {option.label}
        </label>
      ))}
    </div>
  );
}
