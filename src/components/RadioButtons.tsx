/**
 * RadioButtons: antd's button-style Radio.Group (`optionType="button"`, `buttonStyle="solid"` with
 * `solid`) as native radios in plain markup (styles.css, `radio-buttons`), for screens that load no
 * antd up front. Arrow keys move the choice, as in any radio group.
 */
import { useId, type ReactNode } from 'react';

export interface RadioButtonsProps<T extends string | number> {
  value: T | null | undefined;
  options: { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  /** the checked button filled with the primary colour (else outlined in it) */
  solid?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export default function RadioButtons<T extends string | number>({ value, options, onChange, solid, className, 'aria-label': label, 'data-testid': testId }: RadioButtonsProps<T>) {
  const name = useId();
  const classes = ['radio-buttons', solid ? 'radio-buttons-solid' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div role="radiogroup" aria-label={label} className={classes} data-testid={testId}>
      {options.map((option) => (
        <label key={option.value} className={option.value === value ? 'radio-button checked' : 'radio-button'}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </div>
  );
}
