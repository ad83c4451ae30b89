/** 对账: the last reconciliation of each gateway and day, with what it credited and the differences it found. */
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReconciliationDifference, ReconciliationReport } from '@common/admin-types';
import { formatDateTime, formatYuan } from '@/lib/format';
import { useReconciliation } from '../api';

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
              rowKey={(d) => `${d.kind}-${d.orderNo}`}
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
    </>
  );
}
