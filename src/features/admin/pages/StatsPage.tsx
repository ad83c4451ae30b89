/** The dashboard: per business day, new users, paid orders and amount, points spent on plans, plans created. */
import { useState } from 'react';
import { Card, Col, DatePicker, Row, Statistic, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePayTypeNames } from '@/lib/domain-names';
import type { DayStats } from '@common/admin-types';
import { PAY_TYPE_CODES } from '@common/domain';
import { DATE_FORMAT, formatPoints, formatYuan } from '@/lib/format';
import { useStats } from '../api';
import DailyChart from '../components/DailyChart';

export default function StatsPage() {
  const { t } = useTranslation('admin');
  const payTypeNames = usePayTypeNames();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const { data = [] } = useStats(range);
  const sum = (pick: (d: DayStats) => number) => data.reduce((n, d) => n + pick(d), 0);
  // Each card names its period: the days the answer covers (the last 30 unless a range is chosen).
  const period = data.length ? t('stats.period', { from: data[0]!.day, to: data[data.length - 1]!.day, n: data.length }) : '';
  const card = (title: string, value: string) => (
    <Card>
      <Statistic title={title} value={value} />
      <p className="admin-period" data-testid="stats-period">
        {period}
      </p>
    </Card>
  );
  return (
    <>
      <Typography.Title level={3}>{t('stats.title')}</Typography.Title>
      <div className="admin-toolbar">
        <DatePicker.RangePicker
          onChange={(r) =>
            setRange({ from: (r?.[0] as Dayjs | null)?.format(DATE_FORMAT), to: (r?.[1] as Dayjs | null)?.format(DATE_FORMAT) })
          }
        />
      </div>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} lg={6}>
          {card(t('stats.newUsers'), formatPoints(sum((d) => d.newUsers)))}
        </Col>
        <Col xs={12} lg={6}>
          {card(t('stats.paidOrders'), formatPoints(sum((d) => d.paidOrders)))}
        </Col>
        <Col xs={12} lg={6}>
          {card(t('stats.paidAmount'), formatYuan(sum((d) => d.paidAmount)))}
        </Col>
        <Col xs={12} lg={6}>
          {card(t('stats.pointsSpent'), formatPoints(sum((d) => d.pointsSpent)))}
        </Col>
      </Row>
      <Card title={t('stats.chartUsersPlans')} style={{ marginBottom: 16 }}>
        <DailyChart
          dayLabel={t('stats.day')}
          days={data.map((d) => d.day)}
          series={[
            { label: t('stats.newUsers'), values: data.map((d) => d.newUsers), color: '#0958d9' },
            { label: t('stats.plansCreated'), values: data.map((d) => d.plansCreated), color: '#52c41a' },
            { label: t('stats.paidOrders'), values: data.map((d) => d.paidOrders), color: '#fa8c16' },
          ]}
        />
      </Card>
      <Card title={t('stats.chartMoney')} style={{ marginBottom: 16 }}>
        <DailyChart
          dayLabel={t('stats.day')}
          days={data.map((d) => d.day)}
          series={[
            { label: t('stats.paidAmountYuan'), values: data.map((d) => d.paidAmount / 100), color: '#eb2f96' },
            { label: t('stats.pointsSpent'), values: data.map((d) => d.pointsSpent), color: '#722ed1' },
          ]}
        />
      </Card>
      <Table<DayStats>
        rowKey="day"
        size="small"
        dataSource={[...data].reverse()}
        pagination={{ pageSize: 31 }}
        columns={[
          { title: t('stats.day'), dataIndex: 'day' },
          { title: t('stats.newUsers'), dataIndex: 'newUsers', render: (n: number) => formatPoints(n) },
          ...PAY_TYPE_CODES.map((p) => ({
            title: payTypeNames[p],
            key: `pay${p}`,
            render: (_: unknown, d: DayStats) =>
              d.paid[p] ? t('stats.paidCell', { n: d.paid[p].orders, amount: formatYuan(d.paid[p].amount) }) : '--',
          })),
          { title: t('stats.pointsSpent'), dataIndex: 'pointsSpent', render: (n: number) => formatPoints(n) },
          { title: t('stats.plansCreated'), dataIndex: 'plansCreated', render: (n: number) => formatPoints(n) },
        ]}
      />
    </>
  );
}
