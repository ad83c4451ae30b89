/**
 * NumberInput: antd's InputNumber (whole numbers between `min` and `max`) as a plain number field
 * (TextInput.css, `text-input`). As antd's does, it reports a typed number only once it is in range,
 * and on leaving the field brings an out-of-range number into range (and an empty or invalid entry
 * back to the current value).
 */
import { useState, type InputHTMLAttributes } from 'react';
import './TextInput.css';

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'min' | 'max'> {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  invalid?: boolean;
}

export default function NumberInput({ value, min, max, onChange, invalid, className, onFocus, onBlur, ...rest }: NumberInputProps) {
  // What is typed, while the field has focus; otherwise the field shows `value`.
  const [typed, setTyped] = useState<string | null>(null);
  const inRange = (n: number) => Number.isInteger(n) && n >= min && n <= max;
  return (
    <input
      type="number"
      inputMode="numeric"
      step={1}
      min={min}
      max={max}
      className={['text-input', 'number-input', invalid ? 'invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-invalid={invalid || undefined}
      value={typed ?? String(value)}
      onFocus={(e) => {
        setTyped(String(value));
        onFocus?.(e);
      }}
      onChange={(e) => {
        setTyped(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && inRange(n)) onChange(n);
      }}
      onBlur={(e) => {
        const n = Math.round(Number(typed));
        if (typed !== null && typed.trim() !== '' && Number.isFinite(n)) {
          const clamped = Math.min(max, Math.max(min, n));
          if (clamped !== value) onChange(clamped);
        }
        setTyped(null);
        onBlur?.(e);
      }}
      {...rest}
    />
  );
}
