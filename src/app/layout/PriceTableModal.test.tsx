import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';
import type { PlanConfig } from '@common/api-types';
import PriceTableModal, { conditionRange } from './PriceTableModal';

const option = (id: number, integral: number) => ({ id, label: `o${id}`, integral });

const timeZone = 'Asia/Shanghai';
const fullData: PlanConfig[] = [
  {
    flowType: 'tb',
    generalType: '淘宝/天猫',
    timeZone,
    planConfigList: [
      {
        id: 1,
        name: '搜索浏览',
        integral: 5,
        conditionList: [
          { id: 1, label: '浏览时长', optionList: [option(1, 0), option(2, 2), option(3, 4)] },
          { id: 2, label: '货比三家', optionList: [option(4, 0), option(5, 0)] },
        ],
      },
    ],
  },
  { flowType: 'jd', generalType: '京东', timeZone, planConfigList: [{ id: 2, name: '京东浏览', integral: 1200, conditionList: [] }] },
  { flowType: 'pdd', generalType: '拼多多', timeZone, planConfigList: [] },
];

describe('price table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows min~max of the options, or -- when all are zero', () => {
    expect(conditionRange({ id: 1, label: 'x', optionList: [option(1, 3), option(2, 0), option(3, 9)] })).toBe('0~9');
    expect(conditionRange({ id: 1, label: 'x', optionList: [option(1, 0), option(2, 0)] })).toBe('--');
    expect(conditionRange({ id: 1, label: 'x', optionList: [] })).toBe('--');
  });

  it('switches platforms and lists base costs and condition rows', async () => {
    stubFetch(() => ({ body: { success: true, data: fullData } }));
    render(<PriceTableModal open onClose={() => {}} />);
    await screen.findByText('搜索浏览');
    const table = screen.getByTestId('price-table');
    expect(table.textContent).toContain('0~4');
    expect(table.textContent).toContain('--');
    expect(table.textContent).toContain('增值服务须与基础服务搭配使用');
    fireEvent.click(screen.getByText('京东'));
    await waitFor(() => expect(screen.getByTestId('price-table').textContent).toContain('京东浏览'));
    expect(screen.getByTestId('price-table').textContent).toContain('1,200');
    expect(screen.getByTestId('price-table').textContent).not.toContain('搜索浏览');
  });
});
