/**
 * /plan/list: status tabs with counts, platform and date filters, keyword search, the plans table
 * with details, time distribution, stop (refund shown first), delete, save as template, batch
 * stop/delete and the .xlsx export of the filtered list.
 */
import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Drawer, Input, Modal, Progress, Select, Skeleton, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FLOW_TYPES, type FlowType, type PlanStatus } from '@common/domain';
import { DATE_FORMAT, formatDate, formatPoints } from '@/lib/format';
import { refreshCurrentUser } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import {
  deletePlans,
  exportPlans,
  PLAN_COUNT_PATH,
  PLAN_LIST_PATH,
  planToTemplate,
  revalidate,
  stopPlans,
  TEMPLATE_LIST_PATH,
  usePlanCounts,
  usePlanDetail,
  usePlanList,
  type PlanFilters,
} from '../api';
import type { PlanRow } from '@common/api-types';
import { canDelete, canStop, lastPlanDay, stopPreview } from '../rules';
import PlanDetails from './PlanDetails';
import { PLAN_STATUSES, STATUS_COLORS, usePlanStatusNames } from './status';
import TimeDistribution from './TimeDistribution';

const PAGE_SIZE = 10;

type Dialog = { kind: 'details' | 'time'; id: number } | { kind: 'stop' | 'delete'; plans: PlanRow[] } | null;

export default function PlanListTab() {
  const { t } = useTranslation('plan');
  const [filters, setFilters] = useState<PlanFilters>({});
  const [keywordInput, setKeywordInput] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  const { data, isLoading } = usePlanList(filters, page, PAGE_SIZE);
  const { data: counts } = usePlanCounts(filters.flowType);
  const detailId = dialog && (dialog.kind === 'details' || dialog.kind === 'time') ? dialog.id : null;
  const { data: detail } = usePlanDetail(detailId);
  const rows = data?.list ?? [];

  const statusNames = usePlanStatusNames();
  const platformNames = useFlowTypeNames();

  const setFilter = (patch: Partial<PlanFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected([]);
  };

  const refreshAll = () => revalidate(PLAN_LIST_PATH, PLAN_COUNT_PATH);

  /** Runs a batch action; toasts what succeeded and, per plan, what did not; refreshes the list either way. */
  async function runBatch<R extends { id: number; ok: boolean; message?: string }>(
    action: () => Promise<{ results: R[] }>,
    doneText: (done: R[]) => string,
    refreshBalance: boolean,
  ) {
    setBusy(true);
    try {
      const { results } = await action();
      const done = results.filter((r) => r.ok);
      const failed = results.filter((r) => !r.ok);
      if (done.length) toastSuccess(doneText(done));
      if (failed.length) toastError(failed.map((r) => `#${r.id} ${r.message ?? ''}`).join('；'));
      setDialog(null);
      setSelected([]);
    } catch {
      /* toasted by the API client */
    } finally {
      setBusy(false);
      await Promise.all([refreshBalance ? refreshCurrentUser() : undefined, refreshAll()]);
    }
  }

  const confirmStop = (plans: PlanRow[]) =>
    runBatch(
      () => stopPlans(plans.map((p) => p.id)),
      (done) => t('stop.done', { count: done.length, refund: formatPoints(done.reduce((sum, r) => sum + r.refund, 0)) }),
      true,
    );

  const confirmDelete = (plans: PlanRow[]) => runBatch(() => deletePlans(plans.map((p) => p.id)), (done) => t('delete.done', { count: done.length }), false);

  async function saveAsTemplate(plan: PlanRow) {
    try {
      await planToTemplate(plan.id);
      toastSuccess(t('toTemplate.done'));
      await revalidate(TEMPLATE_LIST_PATH);
    } catch {
      /* toasted by the API client */
    }
  }

  async function exportList() {
    setExporting(true);
    try {
      await exportPlans(filters, t('export.filename', { date: formatDate(new Date()) }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('export.failed'));
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<PlanRow> = [
    {
      title: t('field.item'),
      key: 'item',
      width: 200,
      render: (_, p) => (
        <div className="plan-cell-item">
          <span className="plan-cell-title" title={p.title}>
            {p.title}
          </span>
          <span className="plan-cell-sub">
            #{p.id} · {p.itemId}
          </span>
        </div>
      ),
    },
    { title: t('field.platform'), dataIndex: 'flowType', render: (v: FlowType) => platformNames[v] },
    { title: t('field.service'), dataIndex: 'configName' },
    { title: t('field.count'), key: 'count', render: (_, p) => t('dailyTimesDays', { daily: formatPoints(p.dailyCount), days: p.days }) },
    {
      title: t('field.dates'),
      key: 'dates',
      width: 120,
      render: (_, p) => (
        <span className="plan-cell-dates">
          {p.startDate}
          <br />~ {lastPlanDay(p.startDate, p.days)}
        </span>
      ),
    },
    {
      title: t('field.progress'),
      key: 'progress',
      width: 130,
      render: (_, p) => (
        <div data-testid="plan-progress">
          <Progress percent={p.totalCount ? Math.floor((p.dispatched / p.totalCount) * 100) : 0} size="small" showInfo={false} />
          <span className="plan-cell-sub">
            {formatPoints(p.dispatched)} / {formatPoints(p.totalCount)}
          </span>
        </div>
      ),
    },
    { title: t('field.totalCost'), dataIndex: 'totalCost', render: (n: number) => formatPoints(n) },
    { title: t('field.status'), dataIndex: 'status', render: (s: PlanStatus) => <Tag color={STATUS_COLORS[s]}>{statusNames[s]}</Tag> },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 180,
      render: (_, p) => (
        <Space size={0} wrap className="plan-actions">
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'details', id: p.id })}>
            {t('action.details')}
          </Button>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'time', id: p.id })}>
            {t('action.time')}
          </Button>
          {canStop(p) && (
            <Button type="link" size="small" danger onClick={() => setDialog({ kind: 'stop', plans: [p] })}>
              {t('action.stop')}
            </Button>
          )}
          {canDelete(p) && (
            <Button type="link" size="small" danger onClick={() => setDialog({ kind: 'delete', plans: [p] })}>
              {t('action.delete')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => void saveAsTemplate(p)}>
            {t('action.toTemplate')}
          </Button>
        </Space>
      ),
    },
  ];

  const selectedRows = rows.filter((r) => selected.includes(r.id));
  const preview = dialog?.kind === 'stop' ? stopPreview(dialog.plans) : null;
  const deletable = dialog?.kind === 'delete' ? dialog.plans.filter(canDelete) : [];

  return (
    <div className="plan-list" data-testid="plan-list">
      <Tabs
        activeKey={filters.status ?? 'all'}
        onChange={(key) => setFilter({ status: key === 'all' ? undefined : (key as PlanStatus) })}
        items={[
          { key: 'all', label: t('status.allCount', { n: counts?.total ?? 0 }) },
          ...PLAN_STATUSES.map((s) => ({ key: s, label: t('status.withCount', { name: statusNames[s], n: counts?.[s] ?? 0 }) })),
        ]}
      />
      <div className="plan-filters">
        <Select
          value={filters.flowType ?? 'all'}
          onChange={(v: string) => setFilter({ flowType: v === 'all' ? undefined : (v as FlowType) })}
          style={{ width: 140 }}
          aria-label={t('filter.platform')}
          options={[{ value: 'all', label: t('filter.allPlatforms') }, ...FLOW_TYPES.map((f) => ({ value: f, label: platformNames[f] }))]}
        />
        <DatePicker.RangePicker
          aria-label={t('filter.dates')}
          placeholder={[t('filter.dateFrom'), t('filter.dateTo')]}
          onChange={(range) => setFilter({ dateFrom: range?.[0]?.format(DATE_FORMAT), dateTo: range?.[1]?.format(DATE_FORMAT) })}
        />
        <Input.Search
          value={keywordInput}
          onChange={(e) => setKeywordInput(e.target.value)}
          onSearch={(value) => setFilter({ keyword: value.trim() || undefined })}
          placeholder={t('filter.keyword')}
          allowClear
          style={{ width: 240 }}
          data-testid="plan-search"
        />
        <span className="plan-filters-spacer" />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="plan-export">
          {t('export.button')}
        </Button>
      </div>
      <div className="plan-batch">
        <span>{t('batch.selected', { n: selected.length })}</span>
        <Button size="small" danger disabled={!selectedRows.some(canStop)} onClick={() => setDialog({ kind: 'stop', plans: selectedRows })}>
          {t('batch.stop')}
        </Button>
        <Button size="small" danger disabled={!selectedRows.some(canDelete)} onClick={() => setDialog({ kind: 'delete', plans: selectedRows })}>
          {t('batch.delete')}
        </Button>
        <span className="plan-filters-spacer" />
        <Link href="/flow/tb">
          <Button type="primary" size="small">
            {t('publishNew')}
          </Button>
        </Link>
      </div>
      <Table<PlanRow>
        rowKey="id"
        size="middle"
        loading={isLoading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1100 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (n) => t('totalRows', { n }) }}
      />

      <Drawer open={dialog?.kind === 'details'} onClose={() => setDialog(null)} title={t('details.title')} size={720} destroyOnHidden>
        {detail ? (
          <PlanDetails form={detail.plan} serviceName={detail.plan.configName} options={detail.plan.options ?? []} plan={detail.plan} schedule={detail.schedule} ledger={detail.ledger} />
        ) : (
          <Skeleton active />
        )}
      </Drawer>

      <Modal open={dialog?.kind === 'time'} onCancel={() => setDialog(null)} footer={null} title={t('timeDist.title')} width={760} destroyOnHidden>
        {detail ? (
          <>
            <p className="plan-hint">
              {t('timeDist.summary', { title: detail.plan.title, daily: detail.plan.dailyCount, today: detail.schedule.today })}
            </p>
            <TimeDistribution
              distribution={detail.schedule.distribution}
              dispatchedByHour={detail.schedule.currentDay !== null ? detail.schedule.dispatchedTodayByHour : undefined}
              currentHour={detail.schedule.currentHour}
            />
          </>
        ) : (
          <Skeleton active />
        )}
      </Modal>

      <Modal
        open={dialog?.kind === 'stop'}
        title={t('stop.title')}
        okText={t('stop.ok')}
        okButtonProps={{ danger: true, disabled: !preview?.stoppable.length }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => preview && void confirmStop(preview.stoppable)}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {preview && (
          <div data-testid="stop-preview">
            <p>{t('stop.text', { count: preview.stoppable.length })}</p>
            <p className="plan-refund">
              {t('stop.refund')}
              <strong data-testid="stop-refund">{formatPoints(preview.refund)}</strong>
              {t('stop.pointsUnit')}
            </p>
            <p className="plan-hint">{t('stop.rule')}</p>
            {preview.skipped.length > 0 && <p className="plan-hint">{t('stop.skipped', { count: preview.skipped.length })}</p>}
          </div>
        )}
      </Modal>

      <Modal
        open={dialog?.kind === 'delete'}
        title={t('delete.title')}
        okText={t('delete.ok')}
        okButtonProps={{ danger: true, disabled: deletable.length === 0 }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => void confirmDelete(deletable)}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <p>{t('delete.text', { count: deletable.length })}</p>
        {dialog?.kind === 'delete' && dialog.plans.length > deletable.length && <p className="plan-hint">{t('delete.skipped', { count: dialog.plans.length - deletable.length })}</p>}
      </Modal>
    </div>
  );
}
