/** /recharge/record: the user's orders (number, goods, amount, pay method, status, times); pending ones can be paid. */
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

  return (
    <div className="recharge-panel" data-testid="recharge-record">
      <DateRangeFilter withOrderNo onSearch={search} />
      <ResponsiveTable<OrderRow>
        rowKey="orderNo"
        size="middle"
        loading={isLoading}
        loadError={error}
        dataSource={data?.list}
        locale={{ emptyText: t('record.empty') }}
        scroll={{ x: 980 }}
        pagination={pagination(data?.total)}
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
          { title: t('record.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          { title: t('record.paidAt'), dataIndex: 'paidAt', width: 170, render: (v: string | null) => formatDateTime(v) },
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
