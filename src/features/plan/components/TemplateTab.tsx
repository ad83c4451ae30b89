/**
 * /plan/template: the user's templates with details, time distribution, publish, edit and delete;
 * each dialog is its own piece. Days and hours count in the business time zone of the plan configs.
 */
import { startTransition, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TableColumnsType } from 'antd';
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '@common/api-types';
import { businessNow } from '@common/distribution';
import { formatDateTime, formatPoints } from '@/lib/format';
import { lazyPart } from '@/lib/lazy-part';
import { lazyAntdPart } from '@/components/lazy-antd';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { deleteTemplate, PLAN_PAGE_SIZE as PAGE_SIZE, revalidateTemplates, usePlanConfigs, useTemplates } from '../api';
import { describeTemplate, platformServices } from '../templates';
import TimeDistribution from './TimeDistribution';
import { useRunAction } from './useRunAction';
import { DetailsDrawer, TimeDistributionDialog } from './ViewDialogs';
import PlainButton from '@/components/PlainButton';
import PlainSkeleton from '@/components/PlainSkeleton';
import PlainTag from '@/components/PlainTag';
import ResponsiveTable from '@/components/ResponsiveTable';
import EmptyState from '@/components/EmptyState';
import { clearReturnPoint } from '@/lib/return-point';

// Opened on demand: their code (tables, date pickers, the plan form) loads then, not with the list.
// The two dialogs are antd's own (the page loads no antd): they come inside antd's provider.
const EditTemplateDialog = lazyAntdPart(() => import('./EditTemplateDialog'));
const PlanDetails = lazyPart(() => import('./PlanDetails'));
const PublishTemplateDialog = lazyAntdPart(() => import('./PublishTemplateDialog'));

type DialogKind = 'details' | 'time' | 'publish' | 'edit' | 'delete';

export default function TemplateTab() {
  const { t } = useTranslation('plan');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: DialogKind; template: TemplateRow } | null>(null);
  const { data, error, isLoading } = useTemplates(page, PAGE_SIZE);
  const { data: configs } = usePlanConfigs();
  // the business time zone comes with the plan configs; the dialogs that count days wait for it
  const timeZone = configs?.[0]?.timeZone;
  const platformNames = useFlowTypeNames();
  const { busy, run } = useRunAction();
  const close = () => setDialog(null);
  // In a transition: the list re-renders after the tap has painted, the dialog or drawer then opens.
  const open = (kind: DialogKind, template: TemplateRow) => startTransition(() => setDialog({ kind, template }));
  const [, navigate] = useLocation();
  // Back from 去充值 in a template's publish dialog (?publish=id): that dialog opens again (set while
  // rendering, once the list is there), then the address drops the parameter.
  const reopenId = Number(new URLSearchParams(useSearch()).get('publish')) || null;
  const [reopened, setReopened] = useState(false);
  if (reopenId && data && !reopened) {
    setReopened(true);
    const template = data.list.find((r) => r.id === reopenId);
    if (template) setDialog({ kind: 'publish', template });
  }
  useEffect(() => {
    if (!reopened || !reopenId) return;
    clearReturnPoint();
    navigate('/plan/template', { replace: true });
  }, [reopened, reopenId, navigate]);

  const actions: { kind: DialogKind; label: string; danger?: boolean }[] = [
    { kind: 'publish', label: t('template.publish') },
    { kind: 'edit', label: t('template.edit') },
    { kind: 'details', label: t('action.details') },
    { kind: 'time', label: t('action.time') },
    { kind: 'delete', label: t('action.delete'), danger: true },
  ];
  const columns: TableColumnsType<TemplateRow> = [
    {
      title: t('template.name'),
      dataIndex: 'name',
      // At most two lines, like the item's title: the whole name is in the details and the edit dialog.
      render: (name: string) => (
        <strong className="plan-cell-title" title={name}>
          {name}
        </strong>
      ),
    },
    { title: t('field.platform'), key: 'platform', render: (_, r) => platformNames[r.form.flowType] },
    {
      title: t('field.item'),
      key: 'item',
      render: (_, r) => (
        <span className="plan-cell-title" title={r.form.title}>
          {r.form.title}
        </span>
      ),
    },
    { title: t('field.service'), key: 'service', render: (_, r) => describeTemplate(configs, r.form).config?.name ?? '--' },
    {
      title: t('field.count'),
      key: 'count',
      render: (_, r) => t('dailyTimesDays', { daily: formatPoints(r.form.dailyCount), days: r.form.days }),
    },
    { title: t('field.keywords'), key: 'keywords', render: (_, r) => r.form.keywords.map((k) => <PlainTag key={k}>{k}</PlainTag>) },
    { title: t('template.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => <span className="nowrap">{formatDateTime(v)}</span> },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_, r) => (
        <span className="plan-actions">
          {actions.map(({ kind, label, danger }) => (
            <PlainButton key={kind} variant="link" size="small" danger={danger} onClick={() => open(kind, r)}>
              {label}
            </PlainButton>
          ))}
        </span>
      ),
    },
  ];

  const current = dialog?.template;
  const described = current ? describeTemplate(configs, current.form) : null;

  if (data && data.total === 0 && page === 1 && !error) {
    return (
      <div className="plan-templates" data-testid="template-list">
        <EmptyState
          title={t('template.emptyTitle')}
          text={t('template.empty')}
          action={{ href: '/flow/tb', label: t('template.emptyAction') }}
        />
      </div>
    );
  }

  return (
    <div className="plan-templates" data-testid="template-list">
      <ResponsiveTable<TemplateRow>
        rowKey="id"
        loading={isLoading}
        loadError={error}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('template.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />

      <DetailsDrawer open={dialog?.kind === 'details'} onClose={close} title={t('template.detailsTitle')}>
        {current && described && (
          <Suspense fallback={<PlainSkeleton />}>
            <PlanDetails form={current.form} serviceName={described.config?.name ?? '--'} options={described.options} />
          </Suspense>
        )}
      </DetailsDrawer>

      <TimeDistributionDialog open={dialog?.kind === 'time'} onClose={close}>
        {current && (
          <TimeDistribution
            distribution={current.form.distribution}
            currentHour={timeZone ? businessNow(new Date(), timeZone).hour : undefined}
          />
        )}
      </TimeDistributionDialog>

      <Suspense fallback={null}>
        {dialog?.kind === 'publish' && timeZone && (
          <PublishTemplateDialog template={dialog.template} config={described?.config} timeZone={timeZone} onClose={close} />
        )}
        {dialog?.kind === 'edit' && timeZone && (
          <EditTemplateDialog
            template={dialog.template}
            services={platformServices(configs, dialog.template.form)}
            timeZone={timeZone}
            onClose={close}
          />
        )}
      </Suspense>

      <Modal
        open={dialog?.kind === 'delete'}
        title={t('template.deleteTitle')}
        okText={t('delete.ok')}
        okButtonProps={{ danger: true }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() =>
          current &&
          void run(
            () => deleteTemplate(current.id),
            t('template.deleted'),
            () => {
              close();
              void revalidateTemplates();
            },
          )
        }
        onCancel={close}
        destroyOnHidden
      >
        <p>{t('template.deleteText', { name: current?.name ?? '' })}</p>
      </Modal>
    </div>
  );
}
