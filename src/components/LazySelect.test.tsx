import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import LazySelect from './LazySelect';

const options = [
  { value: 'all', label: '全部平台' },
  { value: 'jd', label: '京东' },
];

function Filter({ onPick }: { onPick: (value: string) => void }) {
  const [value, setValue] = useState('all');
  return (
    <LazySelect
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick(next);
      }}
      options={options}
      aria-label="平台"
    />
  );
}

describe('LazySelect', () => {
  it('shows the chosen option in a named field before the select loads, and a tap opens the real select, which changes the value', async () => {
    const picked: string[] = [];
    const { container } = render(<Filter onPick={(value) => picked.push(value)} />);
    const field = screen.getByRole('combobox', { name: '平台' });
    expect(field).toHaveProperty('value', '全部平台');
    expect(container.querySelector('.ant-select')).toBeNull();

    act(() => {
      fireEvent.pointerDown(field);
    });
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.textContent === '京东');
      if (!found) throw new Error('the options are not open yet');
      return found;
    });
    fireEvent.click(option);
    expect(picked).toEqual(['jd']);
    await waitFor(() => expect(container.querySelector('.ant-select')?.textContent).toContain('京东'));
  });
});
