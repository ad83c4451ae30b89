import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import TextInput from './TextInput';

function Keyword({ onEnter }: { onEnter?: () => void }) {
  const [value, setValue] = useState('保温杯');
  return <TextInput aria-label="关键词 1" value={value} onChange={setValue} onEnter={onEnter} maxLength={30} showCount />;
}

describe('<TextInput>', () => {
  it("counts the characters against maxLength as antd's showCount does, as the text changes", () => {
    render(<Keyword />);
    const input = screen.getByLabelText('关键词 1') as HTMLInputElement;
    expect(input.maxLength).toBe(30);
    expect(input.parentElement?.textContent).toBe('3 / 30');
    fireEvent.change(input, { target: { value: '不锈钢保温杯' } });
    expect(input.parentElement?.textContent).toBe('6 / 30');
  });

  it('reports Enter, and marks an invalid field for assistive technology', () => {
    const onEnter = vi.fn();
    render(<Keyword onEnter={onEnter} />);
    const input = screen.getByLabelText('关键词 1');
    fireEvent.keyDown(input, { key: 'a' });
    expect(onEnter).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
    render(<TextInput aria-label="商品标题" value="" onChange={() => {}} invalid />);
    expect(screen.getByLabelText('商品标题').getAttribute('aria-invalid')).toBe('true');
  });
});
