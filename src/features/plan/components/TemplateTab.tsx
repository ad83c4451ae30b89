/**
 * /plan/template: the user's templates with details, time distribution, publish (pick a start date,
 * see the cost), edit (name and the plan form, the same fields as /flow/:type) and delete.
 */
import { useState } from 'react';
import { Button, DatePicker, Drawer, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import type { BaseService, PlanConfig, PlanOptionChoice, TemplateForm, TemplateRow } from '@common/api-types';
import {
  businessNow,
  canStartOn,
  chosenOptionIds,
  CostSummary,
  fromTemplateForm,
  PlanFormFields,
  setBusinessTimeZone,
  toPlanForm,
  unitCost,
  validateFlowForm,
  type FlowFormState,
} from '@/features/flow';
import { PLAN_FULL_DATA_PATH } from '@/lib/api-paths';
import { DATE_FORMAT, formatDateTime, formatPoints } from '@/lib/format';
import { refreshCurrentUser, useCurrentUser } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { deleteTemplate, PLAN_COUNT_PATH, PLAN_LIST_PATH, publishTemplate, revalidate, TEMPLATE_LIST_PATH, updateTemplate, useTemplates } from '../api';
import PlanDetails from './PlanDetails';
import TimeDistribution from './TimeDistribution';

const PAGE_SIZE = 10;

type Dialog = { kind: 'details' | 'time' | 'publish' | 'edit' | 'delete'; template: TemplateRow } | null;

/** The base service of a template's form, and its chosen options in words. */
function describe(configs: PlanConfig[] | undefined, form: TemplateForm): { config?: BaseService; options: PlanOptionChoice[] } {
  const config = configs?.find((p) => p.flowType === form.flowType)?.planConfigList.find((c) => c.id === form.configId);
  const options: PlanOptionChoice[] = [];
  for (const condition of config?.conditionList ?? []) {
    const option = condition.optionList.find((o) => form.optionIds.includes(o.id));
    if (option) options.push({ conditionLabel: condition.label, optionLabel: option.label, integral: option.integral });
  }
  return { config, options };
}

export default function TemplateTab() {
  const { t } = useTranslation('plan');
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [startDate, setStartDate] = useState('');
  const [editName, setEditName] = useState('');
  const [editForm, setEditForm] = useState<FlowFormState | null>(null);
  const [editSubmitted, setEditSubmitted] = useState(false);
  const { data, isLoading } = useTemplates(page, PAGE_SIZE);
  const { data: configs } = useSWR<PlanConfig[]>(PLAN_FULL_DATA_PATH, { onSuccess: (list) => list[0] && setBusinessTimeZone(list[0].timeZone) });
  const { user } = useCurrentUser();
  const platformNames = useFlowTypeNames();

  const open = (kind: NonNullable<Dialog>['kind'], template: TemplateRow) => {
    setDialog({ kind, template });
    if (kind === 'publish') {
      // the first date the template's hours allow: today if none of them has begun, else tomorrow
      const today = businessNow().date;
      setStartDate(canStartOn(today, template.form.distribution) ? today : dayjs(today).add(1, 'day').format(DATE_FORMAT));
    }
    if (kind === 'edit') {
      setEditName(template.name);
      setEditForm(fromTemplateForm(template.form, describe(configs, template.form).config));
      setEditSubmitted(false);
    }
  };

  async function run(action: () => Promise<unknown>, done: string, after?: () => void) {
    setBusy(true);
    try {
      await action();
      toastSuccess(done);
      setDialog(null);
      after?.();
    } catch {
      /* toasted by the API client */
    } finally {
      setBusy(false);
    }
  }

  const columns: TableColumnsType<TemplateRow> = [
    { title: t('template.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
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
    { title: t('field.service'), key: 'service', render: (_, r) => describe(configs, r.form).config?.name ?? '--' },
    { title: t('field.count'), key: 'count', render: (_, r) => t('dailyTimesDays', { daily: formatPoints(r.form.dailyCount), days: r.form.days }) },
    { title: t('field.keywords'), key: 'keywords', render: (_, r) => r.form.keywords.map((k) => <Tag key={k}>{k}</Tag>) },
    { title: t('template.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => open('publish', r)}>
            {t('template.publish')}
          </Button>
          <Button type="link" size="small" onClick={() => open('edit', r)}>
            {t('template.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => open('details', r)}>
            {t('action.details')}
          </Button>
          <Button type="link" size="small" onClick={() => open('time', r)}>
            {t('action.time')}
          </Button>
          <Button type="link" size="small" danger onClick={() => open('delete', r)}>
            {t('action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const current = dialog?.template;
  const described = current ? describe(configs, current.form) : null;
  const publishUnit = current && described ? unitCost(described.config, chosenOptionIds(described.config, fromTemplateForm(current.form, described.config).options)) : 0;
  const editConfig = editForm && current ? configs?.find((p) => p.flowType === current.form.flowType) : undefined;
  const editService = editConfig?.planConfigList.find((c) => c.id === editForm?.configId);
  const editErrors = editForm ? validateFlowForm(editForm, editService, { requireStartDate: false }) : {};

  function saveEdit() {
    setEditSubmitted(true);
    if (!current || !editForm || !editService || !editName.trim() || Object.keys(editErrors).length) return;
    const { startDate: _unused, ...form } = toPlanForm(editForm, current.form.flowType, editService);
    void run(() => updateTemplate(current.id, editName.trim(), form), t('template.saved'), () => void revalidate(TEMPLATE_LIST_PATH));
  }

  return (
    <div className="plan-templates" data-testid="template-list">
      <Table<TemplateRow>
        rowKey="id"
        loading={isLoading}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('template.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />

      <Drawer open={dialog?.kind === 'details'} onClose={() => setDialog(null)} title={t('template.detailsTitle')} size={720} destroyOnHidden>
        {current && described && <PlanDetails form={current.form} serviceName={described.config?.name ?? '--'} options={described.options} />}
      </Drawer>

      <Modal open={dialog?.kind === 'time'} onCancel={() => setDialog(null)} footer={null} title={t('timeDist.title')} width={760} destroyOnHidden>
        {current && <TimeDistribution distribution={current.form.distribution} currentHour={businessNow().hour} />}
      </Modal>

      <Modal
        open={dialog?.kind === 'publish'}
        title={t('template.publishTitle', { name: current?.name ?? '' })}
        okText={t('template.publishOk')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        okButtonProps={{ disabled: !startDate }}
        onOk={() =>
          current &&
          void run(() => publishTemplate(current.id, startDate), t('template.published'), () => {
            void refreshCurrentUser();
            void revalidate(PLAN_LIST_PATH, PLAN_COUNT_PATH);
            navigate('/plan/list');
          })
        }
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {current && (
          <div className="plan-publish" data-testid="template-publish">
            <label className="plan-publish-date">
              <span>{t('template.startDate')}</span>
              <DatePicker
                value={startDate ? dayjs(startDate) : null}
                allowClear={false}
                disabledDate={(d) => !canStartOn(d.format(DATE_FORMAT), current.form.distribution)}
                onChange={(d) => setStartDate(d ? d.format(DATE_FORMAT) : '')}
                data-testid="template-start-date"
              />
            </label>
            <p className="plan-hint">{t('template.startDateHint')}</p>
            <CostSummary unit={publishUnit} dailyCount={current.form.dailyCount} days={current.form.days} discount={user?.discount} balance={user?.integral} />
          </div>
        )}
      </Modal>

      <Modal
        open={dialog?.kind === 'edit'}
        title={t('template.editTitle')}
        okText={t('template.save')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        width={960}
        onOk={saveEdit}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {current && editForm && (
          <div className="plan-template-edit" data-testid="template-edit">
            <label className="plan-publish-date">
              <span>{t('template.name')}</span>
              <Input value={editName} maxLength={50} showCount onChange={(e) => setEditName(e.target.value)} status={editSubmitted && !editName.trim() ? 'error' : undefined} data-testid="template-edit-name" />
            </label>
            <PlanFormFields
              flowType={current.form.flowType}
              configs={editConfig?.planConfigList ?? []}
              value={editForm}
              onChange={setEditForm}
              errors={editSubmitted ? editErrors : {}}
              withStartDate={false}
            />
          </div>
        )}
      </Modal>

      <Modal
        open={dialog?.kind === 'delete'}
        title={t('template.deleteTitle')}
        okText={t('delete.ok')}
        okButtonProps={{ danger: true }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => current && void run(() => deleteTemplate(current.id), t('template.deleted'), () => void revalidate(TEMPLATE_LIST_PATH))}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <p>{t('template.deleteText', { name: current?.name ?? '' })}</p>
      </Modal>
    </div>
  );
}
