/**
 * The plan-details view (shared by /plan/list and /plan/template): the plan form in words and, for a
 * plan, its cost, progress, days and ledger rows. A template shows the form part only.
 */
import { Descriptions, Table, Tag, type DescriptionsProps } from 'antd';
import ProgressBar from '@/components/ProgressBar';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPoints, formatPointsAmount } from '@/lib/format';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import type { LedgerRow, PlanOptionChoice, PlanRow, ScheduleView, TemplateForm } from '@common/api-types';
import { costBreakdown, discountPercent } from '@common/plan-cost';
import { lastPlanDay, progressPercent } from '../rules';
import { STATUS_COLORS } from './status';
import TimeDistribution from './TimeDistribution';
import BillRow from '@/components/BillRow';
import { useIsPhone } from '@/lib/viewport';

export interface PlanDetailsProps {
  form: TemplateForm;
  serviceName: string;
  options: PlanOptionChoice[];
  plan?: PlanRow;
  schedule?: ScheduleView;
  ledger?: LedgerRow[];
  /** The id of the 时间分布 heading, for the details' own 时间分布 action to bring it into view. */
  timeHeadingId?: string;
}

export default function PlanDetails({ form, serviceName, options, plan, schedule, ledger, timeHeadingId }: PlanDetailsProps) {
  const { t } = useTranslation('plan');
  const platformNames = useFlowTypeNames();
  const phone = useIsPhone();
  const items: NonNullable<DescriptionsProps['items']> = [
    {
      key: 'title',
      label: t('field.item'),
      span: 2,
      children: (
        <a href={form.itemUrl} target="_blank" rel="noreferrer noopener">
          {form.title}
        </a>
      ),
    },
    { key: 'itemId', label: t('field.itemId'), children: form.itemId },
    { key: 'shop', label: t('field.shop'), children: form.shopName || '--' },
    { key: 'platform', label: t('field.platform'), children: platformNames[form.flowType] },
    { key: 'keywords', label: t('field.keywords'), children: form.keywords.map((k) => <Tag key={k}>{k}</Tag>) },
    { key: 'service', label: t('field.service'), children: serviceName },
    {
      key: 'options',
      label: t('field.options'),
      children: options.length
        ? options.map((o) => `${o.conditionLabel}：${o.optionLabel}${o.integral ? t('plusPoints', { n: o.integral }) : ''}`).join('；')
        : '--',
    },
    { key: 'count', label: t('field.count'), children: t('dailyTimesDays', { daily: formatPoints(form.dailyCount), days: form.days }) },
  ];
  if (plan) {
    // 原价 / 会员优惠 / 实付 of the tasks charged (the same rule as the charge: common/plan-cost.ts)
    const original = costBreakdown(plan.totalCount, plan.unitCost, discountPercent(plan.discount)).original;
    items.push(
      {
        key: 'dates',
        label: t('field.dates'),
        children: (
          <>
            <span className="nowrap">{plan.startDate}</span> ~ <span className="nowrap">{lastPlanDay(plan.startDate, plan.days)}</span>
          </>
        ),
      },
      ...(plan.firstDayFromHour > 0
        ? [
            {
              key: 'firstDay',
              label: t('field.firstDay'),
              children: t('details.firstDayCut', {
                hour: plan.firstDayFromHour,
                today: formatPoints(plan.firstDayCount),
                daily: formatPoints(plan.dailyCount),
              }),
            },
          ]
        : []),
      { key: 'status', label: t('field.status'), children: <Tag color={STATUS_COLORS[plan.status]}>{plan.statusText}</Tag> },
      {
        key: 'progress',
        label: t('field.progress'),
        children: (
          <span>
            {formatPoints(plan.dispatched)} / {formatPoints(plan.totalCount)}
            <ProgressBar aria-label={t('field.progress')} percent={progressPercent(plan)} />
          </span>
        ),
      },
      { key: 'unit', label: t('field.unitCost'), children: formatPointsAmount(plan.unitCost) },
      {
        key: 'discount',
        label: t('field.discount'),
        children: plan.discount >= 1 ? t('noDiscount') : t('discountValue', { n: Math.round(plan.discount * 100) / 10 }),
      },
      { key: 'original', label: t('field.originalCost'), children: formatPointsAmount(original) },
      { key: 'saving', label: t('field.saving'), children: formatPointsAmount(original - plan.totalCost) },
      { key: 'cost', label: t('field.paid'), children: <strong data-testid="details-paid">{formatPointsAmount(plan.totalCost)}</strong> },
      { key: 'refunded', label: t('field.refunded'), children: formatPointsAmount(plan.refunded) },
      { key: 'createdAt', label: t('field.createdAt'), children: <span className="nowrap">{formatDateTime(plan.createdAt)}</span> },
    );
    if (plan.stoppedAt)
      items.push({
        key: 'stoppedAt',
        label: t('field.stoppedAt'),
        children: <span className="nowrap">{formatDateTime(plan.stoppedAt)}</span>,
      });
  }
  return (
    <div className="plan-details" data-testid="plan-details">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered items={items} />
      <h3 className="plan-details-title" id={timeHeadingId} tabIndex={timeHeadingId ? -1 : undefined}>
        {t('timeDist.title')}
      </h3>
      <TimeDistribution
        distribution={schedule?.distribution ?? form.distribution}
        dispatchedByHour={schedule && schedule.currentDay !== null ? schedule.dispatchedTodayByHour : undefined}
        currentHour={schedule?.currentHour}
        cutBefore={schedule && schedule.currentDay === 0 ? schedule.firstDayFromHour : 0}
      />
      {schedule && schedule.days.length > 0 && (
        <>
          <h3 className="plan-details-title">{t('details.days')}</h3>
          <Table
            size="small"
            rowKey="date"
            pagination={schedule.days.length > 10 ? { pageSize: 10, size: 'small' } : false}
            dataSource={schedule.days}
            columns={[
              { title: t('details.date'), dataIndex: 'date', render: (v: string) => <span className="nowrap">{v}</span> },
              { title: t('details.planned'), dataIndex: 'planned', render: (n: number) => formatPoints(n) },
              { title: t('details.dispatched'), dataIndex: 'dispatched', render: (n: number) => formatPoints(n) },
            ]}
          />
        </>
      )}
      {ledger && ledger.length > 0 && (
        <>
          <h3 className="plan-details-title">{t('details.ledger')}</h3>
          {phone ? (
            // a phone: the plan's points as bill lines (five columns squeezed a label one character a line)
            <ul className="bill-list plan-details-bills">
              {ledger.map((row) => (
                <li key={row.id} className="bill-list-row">
                  <BillRow
                    title={row.kindText}
                    detail={row.remark || undefined}
                    time={formatDateTime(row.createdAt)}
                    amount={row.delta > 0 ? `+${formatPoints(row.delta)}` : formatPoints(row.delta)}
                    tone={row.delta > 0 ? 'plus' : 'minus'}
                    after={t('details.ledgerAfterShort', { n: formatPoints(row.balanceAfter) })}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={ledger}
              columns={[
                { title: t('details.ledgerKind'), dataIndex: 'kindText' },
                {
                  title: t('details.ledgerDelta'),
                  dataIndex: 'delta',
                  render: (n: number) => (n > 0 ? `+${formatPoints(n)}` : formatPoints(n)),
                },
                { title: t('details.ledgerAfter'), dataIndex: 'balanceAfter', render: (n: number) => formatPoints(n) },
                { title: t('details.ledgerRemark'), dataIndex: 'remark', className: 'plan-details-remark' },
                {
                  title: t('details.ledgerTime'),
                  dataIndex: 'createdAt',
                  render: (v: string) => <span className="nowrap">{formatDateTime(v)}</span>,
                },
              ]}
            />
          )}
        </>
      )}
    </div>
  );
}
