/**
 * /recharge/record: the user's orders (number, goods, amount, pay method, status, times); pending
 * ones can be paid. On a phone one bill-like line per order (a pending one opens its payment); an
 * account with no order yet sees one call to action.
 */
import { Suspense, useState } from 'react';
import { orderGoodsLabel } from '../goods-label';
import { Button, Tag } from 'antd';
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@common/domain';
import { formatDateTime, formatYuan } from '@/lib/format';
import type { OrderRow } from '@common/api-types';
import { fetchOrder, useOrderRecords } from '../api';
import DateRangeFilter from './DateRangeFilter';
import { useListFilters } from './useListFilters';
import { loadOrderPayment, OrderPayment, startPayment } from './payment-start';
import ResponsiveTable from '@/components/ResponsiveTable';
import BillRow from '@/components/BillRow';
import EmptyState from '@/components/EmptyState';

const STATUS_COLORS: Record<OrderStatus, string> = { pending: 'processing', paid: 'success', cancelled: 'default', expired: 'default' };

export default function RecordPanel() {
  const { t } = useTranslation('recharge');
  const { filters, search, pagination } = useListFilters();
  const { data, error, isLoading, mutate } = useOrderRecords(filters);
  const [paying, setPaying] = useState<OrderRow | null>(null);

  async function continuePaying(orderNo: string) {
    void loadOrderPayment().catch(() => undefined);
    try {
      setPaying(startPayment(await fetchOrder(orderNo)));
    } catch {
      void mutate();
    }
  }

  if (data && data.total === 0 && !filters.startDate && !filters.endDate && !filters.orderNo && filters.page === 1 && !error) {
    return (
      <div className="recharge-panel" data-testid="recharge-record">
        <EmptyState
          title={t('record.empty')}
          text={t('record.emptyText')}
          action={{ href: '/recharge/integral', label: t('record.emptyAction') }}
        />
      </div>
    );
  }

  return (
    <div className="recharge-panel" data-testid="recharge-record">
      <DateRangeFilter withOrderNo onSearch={search} />
      <ResponsiveTable<OrderRow>
        rowKey="orderNo"
        size="middle"
        loading={isLoading}
        loadError={error}
        dataSource={data?.list}
        locale={{ emptyText: t('record.emptyFiltered') }}
        scroll={{ x: 980 }}
        pagination={pagination(data?.total)}
        phoneRow={(order) => (
          <BillRow
            title={orderGoodsLabel(order)}
            detail={`${order.payTypeText} · ${order.orderNo}`}
            time={formatDateTime(order.createdAt)}
            amount={t('yuan', { amount: formatYuan(order.amount) })}
            after={order.status === 'pending' ? t('record.pendingTap', { status: order.statusText }) : order.statusText}
            onClick={order.status === 'pending' ? () => void continuePaying(order.orderNo) : undefined}
          />
        )}
        columns={[
          { title: t('record.orderNo'), dataIndex: 'orderNo', width: 200 },
          { title: t('record.goods'), key: 'goods', render: (_, order) => orderGoodsLabel(order) },
          { title: t('record.amount'), dataIndex: 'amount', width: 110, render: (fen: number) => formatYuan(fen) },
          { title: t('record.payType'), dataIndex: 'payTypeText', width: 110 },
          {
            title: t('record.status'),
            dataIndex: 'status',
            width: 150,
            render: (status: OrderStatus, order) => (
              <span className="recharge-status">
                <Tag color={STATUS_COLORS[status]}>{order.statusText}</Tag>
                {status === 'pending' && (
                  <Button type="link" size="small" onClick={() => void continuePaying(order.orderNo)}>
                    {t('record.continue')}
                  </Button>
                )}
              </span>
            ),
          },
          {
            title: t('record.createdAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (v: string) => <span className="nowrap">{formatDateTime(v)}</span>,
          },
          {
            title: t('record.paidAt'),
            dataIndex: 'paidAt',
            width: 170,
            render: (v: string | null) => <span className="nowrap">{formatDateTime(v)}</span>,
          },
        ]}
      />
      <Modal
        open={paying !== null}
        title={paying ? orderGoodsLabel(paying) : undefined}
        footer={null}
        width={620}
        destroyOnHidden
        onCancel={() => {
          setPaying(null);
          void mutate();
        }}
      >
        {paying && (
          <Suspense fallback={null}>
            <OrderPayment order={paying} />
          </Suspense>
        )}
      </Modal>
    </div>
  );
}
