/**
 * The publisher of one platform: the plan form, the live cost summary (balance after, 积分不足 with a
 * top-up link), publish (with a confirmation; visitors go to /login) and save as template. Days and
 * hours count in the platform config's business time zone.
 */
import { useState } from 'react';
import PlainButton from '@/components/PlainButton';
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { PlanConfig } from '@common/api-types';
import type { FlowType } from '@common/domain';
import { earliestStartDate } from '@common/distribution';
import { unitCost } from '@common/plan-cost';
import {
  chosenOptionIds,
  CostSummary,
  defaultOptions,
  initialFlowForm,
  PlanFormFields,
  toPlanForm,
  totalCost,
  validateFlowForm,
  type FlowFormState,
} from '../form';
import { formatPoints } from '@/lib/format';
import { refreshCurrentUser, setCurrentBalance, useCurrentUser, useIsLogin } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { useSingleFlight } from '@/lib/single-flight';
import { createPlan, saveFormAsTemplate } from '../api';
import SaveTemplateDialog from './SaveTemplateDialog';

export interface PlanPublisherProps {
  flowType: FlowType;
  platform: PlanConfig;
}

/** A new form for this platform: the earliest start date, the first base service and its first options. */
function newForm(platform: PlanConfig): FlowFormState {
  const first = platform.planConfigList[0];
  const form = initialFlowForm(earliestStartDate(new Date(), platform.timeZone), platform.timeZone);
  return first ? { ...form, configId: first.id, options: defaultOptions(first) } : form;
}

export default function PlanPublisher({ flowType, platform }: PlanPublisherProps) {
  const { t } = useTranslation('flow');
  const [, navigate] = useLocation();
  const isLogin = useIsLogin();
  const { user } = useCurrentUser();
  const platformNames = useFlowTypeNames();
  const { timeZone, planConfigList: configs } = platform;
  const [form, setForm] = useState<FlowFormState>(() => newForm(platform));
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [publishing, runPublish] = useSingleFlight();
  const [savingTemplate, setSavingTemplate] = useState(false);

  const config = configs.find((c) => c.id === form.configId);
  const unit = unitCost(config, chosenOptionIds(config, form.options));
  const total = totalCost(unit, form.dailyCount, form.days, user?.discount);
  const errors = validateFlowForm(form, config, { requireStartDate: true, timeZone });
  const valid = Object.keys(errors).length === 0;
  const short = user !== null && user !== undefined && total > user.integral;

  /** Visitors go to /login; otherwise the errors show from now on and `then` runs when the form passes `ok`. */
  function attempt(ok: boolean, then: () => void) {
    if (!isLogin) {
      navigate('/login');
      return;
    }
    setSubmitted(true);
    if (ok) then();
  }

  async function publish() {
    if (!config) return;
    await runPublish(async () => {
      try {
        const created = await createPlan(toPlanForm(form, flowType, config));
        setConfirming(false);
        toastSuccess(t('publish.done'));
        // the answer carries the balance after the charge: no second request for it
        setCurrentBalance(created.integral);
        navigate('/plan/list');
      } catch {
        // the API client showed the server's message (e.g. 积分不足)
        void refreshCurrentUser();
      }
    });
  }

  const templateValid = () => Object.keys(validateFlowForm(form, config, { requireStartDate: false, timeZone })).length === 0;

  return (
    <div className="flow-layout">
      <div className="card flow-main">
        <PlanFormFields
          flowType={flowType}
          configs={configs}
          value={form}
          onChange={setForm}
          errors={submitted ? errors : {}}
          withStartDate
          timeZone={timeZone}
        />
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
        <PlainButton
          variant="primary"
          size="large"
          block
          onClick={() => attempt(valid && !short, () => setConfirming(true))}
          data-testid="publish"
        >
          {t('publish.button')}
        </PlainButton>
        <PlainButton block onClick={() => attempt(templateValid(), () => setSavingTemplate(true))} data-testid="save-template">
          {t('template.button')}
        </PlainButton>
      </aside>

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

      {config && (
        <SaveTemplateDialog
          open={savingTemplate}
          defaultName={form.title.trim().slice(0, 50)}
          onSave={(name) => saveFormAsTemplate(name, toPlanForm(form, flowType, config))}
          onClose={() => setSavingTemplate(false)}
        />
      )}
    </div>
  );
}
