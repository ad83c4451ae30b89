/**
 * /plan/list: the filters, the batch bar, the plans table and, each its own piece, the details and
 * time views and the stop and delete dialogs (for one row or the selected rows).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PlanRow } from '@common/api-types';
import { toastSuccess } from '@/lib/toast';
import { useSingleFlight } from '@/lib/single-flight';
import { PLAN_PAGE_SIZE as PAGE_SIZE, planToTemplate, revalidateTemplates, usePlanList, type PlanFilters } from '../api';
import { canDelete, canStop } from '../rules';
import DeletePlansDialog from './DeletePlansDialog';
import PlanFilterBar from './PlanFilterBar';
import PlanViews, { type PlanViewsProps } from './PlanViews';
import { usePlanColumns } from './planColumns';
import StopPlansDialog from './StopPlansDialog';
import PlainButton, { plainButtonClass } from '@/components/PlainButton';
import ResponsiveTable from '@/components/ResponsiveTable';

async function saveAsTemplate(plan: PlanRow, doneText: string) {
  try {
    await planToTemplate(plan.id);
    toastSuccess(doneText);
    await revalidateTemplates();
  } catch {
    /* toasted by the API client */
  }
}

export default function PlanListTab() {
  const { t } = useTranslation('plan');
  const [filters, setFilters] = useState<PlanFilters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [view, setView] = useState<PlanViewsProps['view']>(null);
  const [stopping, setStopping] = useState<PlanRow[] | null>(null);
  const [deleting, setDeleting] = useState<PlanRow[] | null>(null);
  const [, runToTemplate] = useSingleFlight();
  const rowsId = useId();
  const { data, error, isLoading } = usePlanList(filters, page, PAGE_SIZE);
  const rows = data?.list ?? [];
  const selectedRows = rows.filter((r) => selected.includes(r.id));

  const columns = usePlanColumns({
    details: (p) => setView({ kind: 'details', id: p.id }),
    time: (p) => setView({ kind: 'time', id: p.id }),
    stop: (p) => setStopping([p]),
    remove: (p) => setDeleting([p]),
    toTemplate: (p) => void runToTemplate(() => saveAsTemplate(p, t('toTemplate.done'))),
  });

  const setFilter = (patch: Partial<PlanFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected([]);
  };
  const batchDone = () => {
    setStopping(null);
    setDeleting(null);
    setSelected([]);
  };

  return (
    <div className="plan-list" data-testid="plan-list">
      <PlanFilterBar filters={filters} listId={rowsId} onChange={setFilter} />
      <div className="plan-batch">
        <span>{t('batch.selected', { n: selected.length })}</span>
        <PlainButton size="small" danger disabled={!selectedRows.some(canStop)} onClick={() => setStopping(selectedRows)}>
          {t('batch.stop')}
        </PlainButton>
        <PlainButton size="small" danger disabled={!selectedRows.some(canDelete)} onClick={() => setDeleting(selectedRows)}>
          {t('batch.delete')}
        </PlainButton>
        <span className="plan-filters-spacer" />
        <Link href="/flow/tb" className={plainButtonClass({ variant: 'primary', size: 'small' })}>
          {t('publishNew')}
        </Link>
      </div>
      <div id={rowsId}>
        <ResponsiveTable<PlanRow>
          rowKey="id"
          size="middle"
          loading={isLoading}
          loadError={error}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 1100 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          locale={{ emptyText: t('empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (n) => t('totalRows', { n }),
          }}
        />
      </div>
      <PlanViews view={view} onClose={() => setView(null)} />
      <StopPlansDialog plans={stopping} onClose={() => setStopping(null)} onDone={batchDone} />
      <DeletePlansDialog plans={deleting} onClose={() => setDeleting(null)} onDone={batchDone} />
    </div>
  );
}
