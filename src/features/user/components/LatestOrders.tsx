/** The user's latest orders on /user/center (product §6): GET /api/order/list?type=record, newest first. */
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Link } from 'wouter';
import { apiGet } from '@/lib/api';
import { formatDateTime, formatYuan } from '@/lib/format';
import type { OrderRow, Page } from '@common/api-types';

/** The fields of an order (product §5a) this list shows. */
type OrderSummary = Pick<OrderRow, 'orderNo' | 'goodsName' | 'amount' | 'payTypeText' | 'status' | 'statusText' | 'createdAt'>;

const LATEST_COUNT = 5;

export default function LatestOrders() {
  const { t } = useTranslation('user');
  const { data, isLoading } = useSWR(['/api/order/list', 'record', LATEST_COUNT], () =>
    apiGet<Page<OrderSummary>>('/api/order/list', { type: 'record', page: 1, pageSize: LATEST_COUNT }),
  );
  return (
    <>
      <Table<OrderSummary>
        data-testid="latest-orders"
        size="middle"
        rowKey="orderNo"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('orders.empty') }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('orders.orderNo'), dataIndex: 'orderNo' },
          { title: t('orders.goods'), dataIndex: 'goodsName' },
          { title: t('orders.amount'), dataIndex: 'amount', render: (fen: number) => t('orders.yuan', { amount: formatYuan(fen) }) },
          { title: t('orders.payType'), dataIndex: 'payTypeText' },
          { title: t('orders.status'), dataIndex: 'statusText' },
          { title: t('orders.createdAt'), dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
        ]}
      />
      {(data?.total ?? 0) > LATEST_COUNT && (
        <p className="latest-orders-more">
          <Link href="/recharge/record">{t('orders.all')}</Link>
        </p>
      )}
    </>
  );
}
