/**
 * The user's five latest orders (shown on /user/center): the same order-list hook and cache key as
 * /recharge/record, so paying an order refreshes both.
 */
import { useTranslation } from 'react-i18next';
import { orderGoodsLabel } from '../goods-label';
import { Link } from 'wouter';
import type { OrderRow } from '@common/api-types';
import { formatDateTime, formatYuan } from '@/lib/format';
import { LATEST_ORDER_COUNT as LATEST_COUNT, useOrderRecords } from '../api';
import ResponsiveTable from '@/components/ResponsiveTable';

export default function LatestOrders() {
  const { t } = useTranslation('recharge');
  const { data, isLoading } = useOrderRecords({ page: 1, pageSize: LATEST_COUNT });
  return (
    <>
      <ResponsiveTable<OrderRow>
        data-testid="latest-orders"
        size="middle"
        rowKey="orderNo"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('latest.empty') }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('record.orderNo'), dataIndex: 'orderNo' },
          { title: t('record.goods'), key: 'goods', render: (_, order) => orderGoodsLabel(order) },
          { title: t('latest.amount'), dataIndex: 'amount', render: (fen: number) => t('yuan', { amount: formatYuan(fen) }) },
          { title: t('record.payType'), dataIndex: 'payTypeText' },
          { title: t('record.status'), dataIndex: 'statusText' },
          {
            title: t('record.createdAt'),
            dataIndex: 'createdAt',
            render: (value: string) => <span className="nowrap">{formatDateTime(value)}</span>,
          },
        ]}
      />
      {(data?.total ?? 0) > LATEST_COUNT && (
        <p className="latest-orders-more">
          <Link href="/recharge/record">{t('latest.all')}</Link>
        </p>
      )}
    </>
  );
}
