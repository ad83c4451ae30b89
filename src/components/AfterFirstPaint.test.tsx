import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AfterFirstPaint, { useAfterFirstPaint } from './AfterFirstPaint';

describe('<AfterFirstPaint>', () => {
  it('leaves its children out of the first render and shows them once the page has painted', async () => {
    render(
      <>
        <p>首屏</p>
        <AfterFirstPaint>
          <p>推荐列表</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByText('首屏')).toBeTruthy();
    expect(screen.queryByText('推荐列表')).toBeNull();
    await waitFor(() => expect(screen.getByText('推荐列表')).toBeTruthy());
  });

  it('useAfterFirstPaint(active) starts waiting only once active: content that arrives later gets its own first paint', async () => {
    function Probe({ active }: { active: boolean }) {
      return <output>{useAfterFirstPaint(active) ? 'later' : 'first'}</output>;
    }
    const { rerender } = render(<Probe active={false} />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('status').textContent).toBe('first');
    rerender(<Probe active />);
    expect(screen.getByRole('status').textContent).toBe('first');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('later'));
  });
});
