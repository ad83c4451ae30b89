/**
 * /flow/:type (product §6): platform switch, the plan form, the live cost summary, publish (with a
 * confirmation; visitors go to /login) and save as template.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Modal, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { FLOW_TYPES, type FlowType } from '@common/domain';
import { formatPoints } from '@/lib/format';
import { refreshCurrentUser, useCurrentUser, useSession } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { createPlan, saveFormAsTemplate, usePlanConfig } from '../api';
import CostSummary from '../components/CostSummary';
import PlanFormFields from '../components/PlanFormFields';
import { totalCost, unitCost } from '../cost';
import { earliestStartDate } from '../distribution';
import { chosenOptionIds, defaultOptions, initialFlowForm, toPlanForm, validateFlowForm, type FlowFormState } from '../form';

export interface FlowPageProps {
  flowType: 'tb' | 'jd' | 'pdd';
}

export default function FlowPage({ flowType }: FlowPageProps) {
  const { t } = useTranslation('flow');
  const [, navigate] = useLocation();
  const { isLogin } = useSession();
  const { user } = useCurrentUser();
  const { data: platform, isLoading, error: configError } = usePlanConfig(flowType);
  const [form, setForm] = useState<FlowFormState>(() => initialFlowForm(earliestStartDate()));
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  const [templateName, setTemplateName] = useState('');
  const [savingTemplate, setSavingTemplate] = useState(false);

  const platformNames = useFlowTypeNames();
  const configs = useMemo(() => platform?.planConfigList ?? [], [platform]);
  // choose the first base service once the platform's config has arrived
  useEffect(() => {
    if (configs.length && !configs.some((c) => c.id === form.configId)) {
      setForm((f) => ({ ...f, configId: configs[0]!.id, options: defaultOptions(configs[0]) }));
    }
  }, [configs, form.configId]);

  const config = configs.find((c) => c.id === form.configId);
  const unit = unitCost(config, chosenOptionIds(config, form.options));
  const total = totalCost(unit, form.dailyCount, form.days, user?.discount);
  const errors = validateFlowForm(form, config, { requireStartDate: true });
  const valid = Object.keys(errors).length === 0;
  const short = user !== null && user !== undefined && total > user.integral;

  function startPublish() {
    if (!isLogin) {
      navigate('/login');
      return;
    }
    setSubmitted(true);
    if (valid && !short) setConfirming(true);
  }

  async function publish() {
    if (!config) return;
    setPublishing(true);
    try {
      await createPlan(toPlanForm(form, flowType, config));
      setConfirming(false);
      toastSuccess(t('publish.done'));
      await refreshCurrentUser();
      navigate('/plan/list');
    } catch {
      // the API client showed the server's message (e.g. 积分不足)
      void refreshCurrentUser();
    } finally {
      setPublishing(false);
    }
  }

  function startSaveTemplate() {
    if (!isLogin) {
      navigate('/login');
      return;
    }
    setSubmitted(true);
    const templateErrors = validateFlowForm(form, config, { requireStartDate: false });
    if (Object.keys(templateErrors).length === 0) {
      setTemplateName((name) => name || form.title.trim().slice(0, 50));
      setTemplateOpen(true);
    }
  }

  async function saveTemplate() {
    if (!config || !templateName.trim()) return;
    setSavingTemplate(true);
    try {
      await saveFormAsTemplate(templateName.trim(), toPlanForm(form, flowType, config));
      setTemplateOpen(false);
      toastSuccess(t('template.saved'));
    } catch {
      /* toasted by the API client */
    } finally {
      setSavingTemplate(false);
    }
  }

  return (
    <section className="page flow-page" data-flow-type={flowType}>
      <div className="flow-page-head">
        <h1 className="page-title">{t('title')}</h1>
        <Radio.Group value={flowType} onChange={(e) => navigate(`/flow/${e.target.value as FlowType}`)} optionType="button" buttonStyle="solid" data-testid="platform-switch">
          {FLOW_TYPES.map((type) => (
            <Radio.Button key={type} value={type}>
              {platformNames[type]}
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
      <div className="flow-layout">
        <div className="card flow-main">
          {isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
          {configError && !platform && <p className="flow-error">{t('configError')}</p>}
          {platform && (
            <PlanFormFields flowType={flowType} configs={configs} value={form} onChange={setForm} errors={submitted ? errors : {}} withStartDate />
          )}
        </div>
        <aside className="card flow-side">
          <h2 className="flow-side-title">{t('summary.title')}</h2>
          <CostSummary unit={unit} dailyCount={form.dailyCount} days={form.days} discount={user?.discount} balance={user?.integral} />
          {short && (
            <p className="flow-error" data-testid="short-note">
              {t('summary.shortNote')} <Link href="/recharge/integral">{t('summary.topUp')}</Link>
            </p>
          )}
          {submitted && !valid && <p className="flow-error">{t('publish.fixErrors')}</p>}
          <Button type="primary" size="large" block onClick={startPublish} disabled={!platform} data-testid="publish">
            {t('publish.button')}
          </Button>
          <Button block onClick={startSaveTemplate} disabled={!platform} data-testid="save-template">
            {t('template.button')}
          </Button>
        </aside>
      </div>

      <Modal
        open={confirming}
        title={t('publish.confirmTitle')}
        okText={t('publish.confirmOk')}
        cancelText={t('cancel')}
        confirmLoading={publishing}
        onOk={() => void publish()}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <p data-testid="publish-confirm-text">
          {t('publish.confirmText', {
            platform: platformNames[flowType],
            service: config?.name ?? '',
            daily: form.dailyCount,
            days: form.days,
            date: form.startDate,
            total: formatPoints(total),
          })}
        </p>
      </Modal>

      <Modal
        open={templateOpen}
        title={t('template.title')}
        okText={t('template.ok')}
        cancelText={t('cancel')}
        confirmLoading={savingTemplate}
        okButtonProps={{ disabled: !templateName.trim() }}
        onOk={() => void saveTemplate()}
        onCancel={() => setTemplateOpen(false)}
        destroyOnHidden
      >
        <Input value={templateName} maxLength={50} showCount placeholder={t('template.namePlaceholder')} aria-label={t('template.name')} data-testid="template-name" onChange={(e) => setTemplateName(e.target.value)} />
      </Modal>
    </section>
  );
}
