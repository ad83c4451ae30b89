import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AfterFirstPaint from './AfterFirstPaint';

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
});
