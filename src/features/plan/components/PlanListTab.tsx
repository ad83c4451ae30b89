/**
 * /plan/list: the filters, the plans and, each its own piece, the details and time views and the
 * stop and delete dialogs (for one plan or the selected ones). A wide screen shows the table; a
 * phone shows compact rows whose details (and actions) open on a tap, the filters in a sheet and
 * the batch actions only once plans are selected. An account without plans sees one call to action.
 */
import { startTransition, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PlanRow } from '@common/api-types';
import { toastSuccess } from '@/lib/toast';
import { useSingleFlight } from '@/lib/single-flight';
import { useIsPhone } from '@/lib/viewport';
import { PLAN_PAGE_SIZE as PAGE_SIZE, planToTemplate, revalidateTemplates, usePlanList, type PlanFilters } from '../api';
import { canDelete, canStop } from '../rules';
import DeletePlansDialog from './DeletePlansDialog';
import PlanFilterBar, { activeFilterCount } from './PlanFilterBar';
import PlanPhoneList from './PlanPhoneList';
import PlanViews, { type PlanViewsProps } from './PlanViews';
import { usePlanColumns, type PlanRowActions } from './planColumns';
import StopPlansDialog from './StopPlansDialog';
import EmptyState from '@/components/EmptyState';
import PlainButton, { plainButtonClass } from '@/components/PlainButton';
import ResponsiveTable from '@/components/ResponsiveTable';
import '@/components/ResponsiveTable.css';

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
  const phone = useIsPhone();
  const [filters, setFilters] = useState<PlanFilters>({});
  const [page, setPage] = useState(1);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [view, setView] = useState<PlanViewsProps['view']>(null);
  const [stopping, setStopping] = useState<PlanRow[] | null>(null);
  const [deleting, setDeleting] = useState<PlanRow[] | null>(null);
  const [, runToTemplate] = useSingleFlight();
  const rowsId = useId();
  const { data, error, isLoading } = usePlanList(filters, page, PAGE_SIZE);
  const rows = data?.list ?? [];
  const selectedRows = rows.filter((r) => selected.includes(r.id));
  const filtered = activeFilterCount(filters) > 0 || filters.status !== undefined;

  const actions: PlanRowActions = {
    // In a transition: the list re-renders after the tap has painted, the drawer or dialog then opens.
    details: (p) => startTransition(() => setView({ kind: 'details', id: p.id })),
    time: (p) => startTransition(() => setView({ kind: 'time', id: p.id })),
    stop: (p) => setStopping([p]),
    remove: (p) => setDeleting([p]),
    toTemplate: (p) => void runToTemplate(() => saveAsTemplate(p, t('toTemplate.done'))),
  };
  const columns = usePlanColumns(actions);

  const setFilter = (patch: Partial<PlanFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected([]);
  };
  const batchDone = () => {
    setStopping(null);
    setDeleting(null);
    setSelected([]);
    setSelecting(false);
  };

  // Nothing published yet: no toolbar, no empty table, no 第 1 / 1 页, one thing to do.
  if (data && data.total === 0 && !filtered && page === 1 && !error) {
    return (
      <div className="plan-list" data-testid="plan-list">
        <EmptyState title={t('emptyTitle')} text={t('emptyText')} action={{ href: '/flow/tb', label: t('emptyAction') }} />
      </div>
    );
  }

  const toolbarExtra = phone ? (
    rows.length > 0 && (
      <PlainButton
        onClick={() => {
          setSelecting(!selecting);
          setSelected([]);
        }}
        aria-pressed={selecting}
        data-testid="plan-select-mode"
      >
        {selecting ? t('batch.done') : t('batch.select')}
      </PlainButton>
    )
  ) : (
    <Link href="/flow/tb" className={plainButtonClass({ variant: 'primary' })}>
      {t('publishNew')}
    </Link>
  );

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  // A keyword found in more plans than the server counts: it lists the newest and says so.
  const cappedNote = data?.totalCapped ? t('totalRowsCapped', { n: data.total }) : null;
  return (
    <div className="plan-list" data-testid="plan-list">
      <PlanFilterBar filters={filters} listId={rowsId} onChange={setFilter} phone={phone} extra={toolbarExtra} />
      {selected.length > 0 && (
        <div className="plan-batch" role="region" aria-label={t('batch.label')} data-testid="plan-batch">
          <span>{t('batch.selected', { n: selected.length })}</span>
          <PlainButton size="small" danger disabled={!selectedRows.some(canStop)} onClick={() => setStopping(selectedRows)}>
            {t('batch.stop')}
          </PlainButton>
          <PlainButton size="small" danger disabled={!selectedRows.some(canDelete)} onClick={() => setDeleting(selectedRows)}>
            {t('batch.delete')}
          </PlainButton>
        </div>
      )}
      <div id={rowsId}>
        {phone && !error && rows.length > 0 ? (
          <>
            <PlanPhoneList rows={rows} selecting={selecting} selected={selected} onSelect={setSelected} onOpen={actions.details} />
            {pages > 1 && (
              <nav className="card-list-pager" aria-label={t('pager', { page, pages })}>
                <PlainButton size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('prev')}
                </PlainButton>
                <span>{t('pager', { page, pages })}</span>
                <PlainButton size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('next')}
                </PlainButton>
              </nav>
            )}
            {cappedNote && (
              <p className="plan-list-capped" data-testid="plan-list-capped">
                {cappedNote}
              </p>
            )}
          </>
        ) : phone && !isLoading && !error && rows.length === 0 ? (
          <EmptyState
            title={t('emptyFiltered')}
            action={{
              label: t('clearFilters'),
              onClick: () =>
                setFilter({ flowType: undefined, status: undefined, keyword: undefined, dateFrom: undefined, dateTo: undefined }),
            }}
          />
        ) : (
          <ResponsiveTable<PlanRow>
            rowKey="id"
            size="middle"
            loading={isLoading}
            loadError={error}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 1100 }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            locale={{ emptyText: t('emptyFiltered') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (n) => cappedNote ?? t('totalRows', { n }),
            }}
          />
        )}
      </div>
      <PlanViews view={view} onClose={() => setView(null)} actions={phone ? actions : undefined} />
      <StopPlansDialog plans={stopping} onClose={() => setStopping(null)} onDone={batchDone} />
      <DeletePlansDialog plans={deleting} onClose={() => setDeleting(null)} onDone={batchDone} />
    </div>
  );
}
