import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import TabBar from './TabBar';

const ITEMS = [
  { key: 'all', label: '全部（5）' },
  { key: 'running', label: '进行中（2）' },
  { key: 'stopped', label: '已停止（3）' },
];

function Controlled({ onChange }: { onChange?: (key: string) => void }) {
  const [active, setActive] = useState('all');
  return (
    <TabBar
      items={ITEMS}
      activeKey={active}
      onChange={(key) => {
        onChange?.(key);
        setActive(key);
      }}
    >
      <p>panel of {active}</p>
    </TabBar>
  );
}

describe('TabBar', () => {
  it('marks the active tab selected, gives only it the tab stop, and labels the panel with it', () => {
    render(<Controlled />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['全部（5）', '进行中（2）', '已停止（3）']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(tabs.every((t) => t.getAttribute('aria-controls') === panel.id)).toBe(true);
    expect(screen.getByRole('tabpanel', { name: '全部（5）' }).textContent).toContain('panel of all');
  });

  it('selects a tab on click and shows its panel', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: '已停止（3）' }));
    expect(onChange).toHaveBeenCalledWith('stopped');
    expect(screen.getByRole('tab', { name: '已停止（3）' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: '已停止（3）' }).textContent).toContain('panel of stopped');
  });

  it('moves focus and selection with the arrow keys (wrapping), Home and End', () => {
    render(<Controlled />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('全部（5）').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('进行中（2）'));
    expect(tab('进行中（2）').getAttribute('aria-selected')).toBe('true');
    expect(tab('进行中（2）').tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(tab('已停止（3）'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('全部（5）'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('已停止（3）'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(tab('全部（5）'));
    expect(tab('全部（5）').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('panel of all');
  });

  it('without a panel of its own points the tabs at the element it drives', () => {
    render(<TabBar items={ITEMS} activeKey="running" onChange={() => {}} controls="plan-rows" />);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.getAllByRole('tab').every((t) => t.getAttribute('aria-controls') === 'plan-rows')).toBe(true);
  });
});
