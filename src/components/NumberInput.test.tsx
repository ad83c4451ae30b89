import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import NumberInput from './NumberInput';

function Field({ onChange }: { onChange: (n: number) => void }) {
  const [value, setValue] = useState(10);
  return (
    <NumberInput
      aria-label="天数"
      min={1}
      max={30}
      value={value}
      onChange={(n) => {
        onChange(n);
        setValue(n);
      }}
    />
  );
}

/** The field (days, 1 to 30, now 10), focused, and what it reported. */
function focusedField() {
  const onChange = vi.fn();
  render(<Field onChange={onChange} />);
  const input = screen.getByLabelText('天数') as HTMLInputElement;
  fireEvent.focus(input);
  return { input, onChange };
}

describe('<NumberInput>', () => {
  it('reports a typed whole number in range at once', () => {
    const { input, onChange } = focusedField();
    fireEvent.change(input, { target: { value: '12' } });
    expect(onChange).toHaveBeenLastCalledWith(12);
    fireEvent.blur(input);
    expect(input.value).toBe('12');
  });

  it('brings a number out of range into range when the field is left, and reports nothing before', () => {
    const { input, onChange } = focusedField();
    fireEvent.change(input, { target: { value: '45' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('45');
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(30);
    expect(input.value).toBe('30');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(input.value).toBe('1');
  });

  it('shows the current value again when left empty', () => {
    const { input, onChange } = focusedField();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('10');
  });
});
