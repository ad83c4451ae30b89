/**
 * 对账: the last reconciliation of each gateway and day, with what it credited and the differences it
 * found; below, the payments that arrived for deleted accounts, held as refunds to make (admins mark
 * them refunded once done at the gateway).
 */
import { Table, Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleHeldPayment, ReconciliationDifference, ReconciliationReport } from '@common/admin-types';
import { formatDateTime, formatYuan } from '@/lib/format';
import RemarkConfirm from '../components/RemarkConfirm';
import { markRefunded, useConsoleMe, useReconciliation, useRefunds } from '../api';

export default function ReconciliationPage() {
  const { t } = useTranslation('admin');
  const { data, isLoading } = useReconciliation();
  const money = (fen: number | null) => (fen === null ? '--' : formatYuan(fen));
  const gateways: Record<ReconciliationReport['gateway'], string> = {
    alipay: t('reconciliation.gateways.alipay'),
    wechat: t('reconciliation.gateways.wechat'),
  };
  const kinds: Record<ReconciliationDifference['kind'], string> = {
    missing_at_gateway: t('reconciliation.kinds.missing_at_gateway'),
    amount_differs: t('reconciliation.kinds.amount_differs'),
    unknown_order: t('reconciliation.kinds.unknown_order'),
    paid_twice: t('reconciliation.kinds.paid_twice'),
    trade_no_differs: t('reconciliation.kinds.trade_no_differs'),
    refunded_at_gateway: t('reconciliation.kinds.refunded_at_gateway'),
    revoked_at_gateway: t('reconciliation.kinds.revoked_at_gateway'),
    unreadable_row: t('reconciliation.kinds.unreadable_row'),
    refund_due: t('reconciliation.kinds.refund_due'),
  };
  return (
    <>
      <Typography.Title level={3}>{t('reconciliation.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('reconciliation.hint')}</Typography.Paragraph>
      <Table<ReconciliationReport>
        rowKey={(r) => `${r.day}-${r.gateway}`}
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 900 }}
        expandable={{
          rowExpandable: (r) => r.differences.length > 0,
          expandedRowRender: (r) => (
            <Table<ReconciliationDifference>
              rowKey={(d) => `${d.kind}-${d.orderNo}-${d.note ?? ''}`}
              size="small"
              pagination={false}
              dataSource={r.differences}
              columns={[
                {
                  title: t('reconciliation.differences'),
                  dataIndex: 'kind',
                  render: (kind: ReconciliationDifference['kind']) => kinds[kind],
                },
                { title: t('reconciliation.orderNo'), dataIndex: 'orderNo' },
                { title: t('reconciliation.ours'), dataIndex: 'ours', render: money },
                { title: t('reconciliation.theirs'), dataIndex: 'theirs', render: money },
                { title: t('reconciliation.note'), dataIndex: 'note', render: (note?: string) => note ?? '--' },
              ]}
            />
          ),
        }}
        columns={[
          { title: t('reconciliation.day'), dataIndex: 'day', width: 120 },
          {
            title: t('reconciliation.gateway'),
            dataIndex: 'gateway',
            width: 100,
            render: (g: ReconciliationReport['gateway']) => gateways[g],
          },
          { title: t('reconciliation.billPayments'), dataIndex: 'billPayments', width: 100 },
          {
            title: t('reconciliation.credited'),
            dataIndex: 'credited',
            render: (nos: string[]) => (nos.length ? nos.join('、') : t('reconciliation.none')),
          },
          {
            title: t('reconciliation.differences'),
            dataIndex: 'differences',
            width: 100,
            render: (d: ReconciliationDifference[]) =>
              d.length ? <Tag color="red">{d.length}</Tag> : <Tag color="green">{t('reconciliation.none')}</Tag>,
          },
          { title: t('reconciliation.checkedAt'), dataIndex: 'createdAt', width: 170, render: (at: string) => formatDateTime(at) },
        ]}
      />
      <HeldPayments />
    </>
  );
}

function HeldPayments() {
  const { t } = useTranslation('admin');
  const { data, isLoading } = useRefunds();
  const { data: me } = useConsoleMe();
  return (
    <>
      <Typography.Title level={4}>{t('refunds.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('refunds.hint')}</Typography.Paragraph>
      <Table<ConsoleHeldPayment>
        rowKey="orderNo"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('refunds.empty') }}
        columns={[
          { title: t('refunds.orderNo'), dataIndex: 'orderNo' },
          { title: t('refunds.account'), dataIndex: 'userId', render: (id: number) => t('users.deletedAccount', { id }) },
          { title: t('refunds.amount'), dataIndex: 'amount', render: (fen: number) => formatYuan(fen) },
          { title: t('refunds.payType'), dataIndex: 'payTypeText' },
          { title: t('refunds.tradeNo'), dataIndex: 'providerTradeNo', render: (no: string | null) => no ?? '--' },
          { title: t('refunds.receivedAt'), dataIndex: 'receivedAt', width: 170, render: (at: string) => formatDateTime(at) },
          {
            title: t('refunds.state'),
            key: 'state',
            render: (_: unknown, row) =>
              row.refundedAt ? (
                <Tag color="green">{t('refunds.refunded', { by: row.refundedBy ?? '--' })}</Tag>
              ) : me?.role === 'admin' ? (
                <RemarkConfirm
                  inTable
                  label={t('refunds.markDone')}
                  title={t('refunds.markDoneTitle', { amount: formatYuan(row.amount) })}
                  onConfirm={async (remark) => {
                    await markRefunded(row.orderNo, remark);
                    message.success(t('refunds.marked'));
                  }}
                />
              ) : (
                <Tag color="red">{t('refunds.due')}</Tag>
              ),
          },
        ]}
      />
    </>
  );
}
