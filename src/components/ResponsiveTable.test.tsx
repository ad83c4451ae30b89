import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResponsiveTable from './ResponsiveTable';
import { viewportIsPhone } from '@/test/viewport';

interface Row {
  id: number;
  name: string;
  points: number;
}

const rows: Row[] = Array.from({ length: 3 }, (_, n) => ({ id: n + 1, name: `计划 ${n + 1}`, points: (n + 1) * 100 }));
const columns = [
  { title: '名称', dataIndex: 'name' },
  { title: '积分', dataIndex: 'points', render: (points: number) => `${points} 积分` },
];

function Selectable({ onPage }: { onPage: (page: number) => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <>
      <output data-testid="selected">{selected.join(',')}</output>
      <ResponsiveTable<Row>
        data-testid="list"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ current: 1, pageSize: 3, total: 7, onChange: onPage }}
      />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveTable', () => {
  it('on a phone: the first screen of cards at once, the cards below it and the pager once that has painted', async () => {
    viewportIsPhone(true);
    const many = Array.from({ length: 10 }, (_, n) => ({ id: n + 1, name: `计划 ${n + 1}`, points: n }));
    render(
      <ResponsiveTable<Row>
        data-testid="list"
        rowKey="id"
        columns={columns}
        dataSource={many}
        pagination={{ current: 1, pageSize: 10, total: 25 }}
      />,
    );
    const cards = () => within(screen.getByTestId('list')).getAllByRole('listitem');
    expect(cards()).toHaveLength(3);
    expect(cards()[0].textContent).toContain('计划 1');
    // The pager would otherwise show right under the third card, then move down.
    expect(screen.queryByRole('navigation')).toBeNull();
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(cards()[9].textContent).toContain('计划 10');
    expect(screen.getByRole('navigation', { name: '第 1 / 3 页' })).toBeTruthy();
  });

  it('on a phone: one card per row with each column titled, no antd table, selection and paging', () => {
    viewportIsPhone(true);
    const onPage = vi.fn();
    const { container } = render(<Selectable onPage={onPage} />);
    expect(container.querySelector('.ant-table, table')).toBeNull();
    const cards = within(screen.getByTestId('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[1].textContent).toContain('名称计划 2');
    expect(cards[1].textContent).toContain('积分200 积分');

    fireEvent.click(within(cards[1]).getByRole('checkbox', { name: '选择此行' }));
    expect(screen.getByTestId('selected').textContent).toBe('2');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByTestId('selected').textContent).toBe('1,2,3');

    expect(screen.getByRole('navigation', { name: '第 1 / 3 页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '上一页' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onPage).toHaveBeenCalledWith(2, 3);
  });

  it('on a phone: the empty text, and skeleton cards while the first page loads', () => {
    viewportIsPhone(true);
    const { rerender } = render(
      <ResponsiveTable<Row> data-testid="list" rowKey="id" columns={columns} dataSource={[]} loading locale={{ emptyText: '暂无计划' }} />,
    );
    expect(screen.getByTestId('list').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('list').querySelectorAll('.card-list-skeleton')).toHaveLength(3);
    rerender(<ResponsiveTable<Row> data-testid="list" rowKey="id" columns={columns} dataSource={[]} locale={{ emptyText: '暂无计划' }} />);
    expect(screen.getByTestId('list').textContent).toBe('暂无计划');
  });

  it('on a wide screen: antd Table, loaded when first shown', async () => {
    viewportIsPhone(false);
    const { container } = render(
      <ResponsiveTable<Row> data-testid="list" rowKey="id" columns={columns} dataSource={rows} pagination={false} />,
    );
    expect(container.querySelector('.table-placeholder')).not.toBeNull();
    const table = await screen.findByTestId('list');
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3);
    expect(within(table).getByRole('columnheader', { name: '积分' })).toBeTruthy();
  });
});
