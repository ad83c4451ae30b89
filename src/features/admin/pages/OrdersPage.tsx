/** Orders: by default the queue of pending transfer and contact-staff orders, oldest money first to confirm. */
import { useEffect, useState } from 'react';
import { Input, Select, Space, Table, Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrderStatusNames, usePayTypeNames } from '@/lib/domain-names';
import { Link } from 'wouter';
import type { ConsoleOrder } from '@common/admin-types';
import { ORDER_STATUSES, PAY_TYPE_CODES, PAY_TYPES } from '@common/domain';
import { formatDateTime, formatYuan } from '@/lib/format';
import { cancelOrder, confirmOrder, useConsoleMe, useConsoleOrders } from '../api';
import { mayActOn } from '../permissions';
import RemarkConfirm from '../components/RemarkConfirm';
import { ageText, consolePagination, orderGoodsText } from '../format';

const ONLINE: number[] = [PAY_TYPES.ALI_PAY, PAY_TYPES.WX_PAY];

export default function OrdersPage() {
  const { t } = useTranslation('admin');
  const statusNames = useOrderStatusNames();
  const payTypeNames = usePayTypeNames();
  const [filters, setFilters] = useState<Record<string, string | number | undefined>>({ status: 'pending', page: 1, pageSize: 20 });
  const { data, isLoading } = useConsoleOrders(filters);
  const { data: me } = useConsoleMe();
  const set = (patch: Record<string, string | number | undefined>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  // The queue's ages move on by the minute without a refetch.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <>
      <Typography.Title level={3}>{t('orders.title')}</Typography.Title>
      <div className="admin-toolbar">
        <Select
          aria-label={t('orders.status')}
          style={{ width: 140 }}
          allowClear
          placeholder={t('orders.allStatuses')}
          value={filters.status}
          onChange={(status) => set({ status })}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: statusNames[s] }))}
        />
        <Select
          aria-label={t('orders.payType')}
          style={{ width: 160 }}
          allowClear
          placeholder={t('orders.allPayTypes')}
          value={filters.payType}
          onChange={(payType) => set({ payType })}
          options={PAY_TYPE_CODES.map((p) => ({ value: p, label: payTypeNames[p] }))}
        />
        <Input.Search
          aria-label={t('orders.phone')}
          placeholder={t('orders.phone')}
          allowClear
          style={{ width: 180 }}
          onSearch={(phone) => set({ phone })}
        />
        <Input.Search
          aria-label={t('orders.orderNo')}
          placeholder={t('orders.orderNo')}
          allowClear
          style={{ width: 240 }}
          onSearch={(orderNo) => set({ orderNo })}
        />
        <Input.Search
          aria-label={t('orders.tradeNo')}
          placeholder={t('orders.tradeNo')}
          allowClear
          style={{ width: 280 }}
          onSearch={(tradeNo) => set({ tradeNo: tradeNo.trim() || undefined })}
        />
      </div>
      <Table<ConsoleOrder>
        rowKey="orderNo"
        loading={isLoading}
        dataSource={data?.list}
        scroll={{ x: 1560 }}
        pagination={consolePagination(t, data, (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })))}
        columns={[
          { title: t('orders.orderNo'), dataIndex: 'orderNo', fixed: 'left', width: 200 },
          // beside the order number, never under the fixed actions however narrow the window
          {
            title: t('orders.status'),
            dataIndex: 'statusText',
            width: 90,
            render: (text: string, o) => (
              <Tag color={o.status === 'paid' ? 'green' : o.status === 'pending' ? 'gold' : 'default'}>{text}</Tag>
            ),
          },
          { title: t('orders.phone'), dataIndex: 'phone', render: (phone: string) => <Link href={`/admin/users/${phone}`}>{phone}</Link> },
          { title: t('orders.goods'), key: 'goods', render: (_, o) => orderGoodsText(o) },
          { title: t('orders.amount'), dataIndex: 'amount', render: (fen: number) => t('yuan', { amount: formatYuan(fen) }) },
          { title: t('orders.payType'), dataIndex: 'payTypeText' },
          {
            title: t('orders.transferRemark'),
            dataIndex: 'orderNo',
            key: 'remark',
            render: (no: string, o) => (ONLINE.includes(o.payType) ? '--' : no),
          },
          {
            title: t('orders.tradeNo'),
            dataIndex: 'providerTradeNo',
            render: (tradeNo: string | null) => (tradeNo ? <Typography.Text copyable>{tradeNo}</Typography.Text> : '--'),
          },
          { title: t('orders.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
          {
            title: t('orders.age'),
            dataIndex: 'createdAt',
            key: 'age',
            render: (at: string, o) => (o.status === 'pending' ? ageText(t, now - Date.parse(at)) : '--'),
          },
          {
            title: t('actions'),
            key: 'actions',
            fixed: 'right',
            width: 190,
            render: (_, o) =>
              o.status === 'pending' && !ONLINE.includes(o.payType) && me && mayActOn(me, { phone: o.phone, role: o.ownerRole }) ? (
                <Space size={0}>
                  <RemarkConfirm
                    inTable
                    type="primary"
                    label={t('orders.confirm')}
                    title={t('orders.confirmTitle', { amount: formatYuan(o.amount), phone: o.phone })}
                    onConfirm={async (remark) => {
                      const { changed } = await confirmOrder(o.orderNo, remark);
                      message.success(changed ? t('orders.confirmed') : t('orders.alreadyPaid'));
                    }}
                  />
                  <RemarkConfirm
                    inTable
                    danger
                    label={t('orders.cancel')}
                    title={t('orders.cancelTitle')}
                    onConfirm={async (remark) => {
                      await cancelOrder(o.orderNo, remark);
                      message.success(t('orders.cancelled'));
                    }}
                  />
                </Space>
              ) : null,
          },
        ]}
      />
    </>
  );
}
