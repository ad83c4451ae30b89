/**
 * The publisher of one platform: the plan form, the live cost summary (原价, 会员优惠, 实付, balance
 * after, 积分不足 with a top-up link), publish (with a confirmation; visitors go to /login) and save
 * as template. Days and hours count in the platform config's business time zone.
 *
 * Nothing is lost on the way to money: the form is kept as a draft for the tab (../draft.ts) and
 * restored when the seller comes back, and 去充值 leaves a return point, so the payment result offers
 * 返回继续发布. On a phone a bar stays at the bottom with 合计 and 发布; a submit with errors scrolls to
 * the first one.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import PlainButton from '@/components/PlainButton';
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { PlanConfig } from '@common/api-types';
import type { FlowType } from '@common/domain';
import { earliestStartDate } from '@common/distribution';
import { unitCost } from '@common/plan-cost';
import {
  chosenOptionIds,
  CostSummary,
  defaultOptions,
  FIRST_ERROR_SELECTOR,
  initialFlowForm,
  PlanFormFields,
  quotePlan,
  toPlanForm,
  validateFlowForm,
  type FlowFormState,
  type PlanQuote,
} from '../form';
import { formatPoints, formatPointsAmount } from '@/lib/format';
import { refreshCurrentUser, setCurrentBalance, useCurrentUser, useIsLogin } from '@/lib/session';
import { clearReturnPoint, setReturnPoint } from '@/lib/return-point';
import { toastSuccess } from '@/lib/toast';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { useSingleFlight } from '@/lib/single-flight';
import { createPlan, saveFormAsTemplate } from '../api';
import { clearDraft, loadDraft, saveDraft } from '../draft';
import SaveTemplateDialog from './SaveTemplateDialog';

export interface PlanPublisherProps {
  flowType: FlowType;
  platform: PlanConfig;
}

/** A new form for this platform: the earliest start date, the first base service and its first options. */
function newForm(platform: PlanConfig): FlowFormState {
  const first = platform.planConfigList[0];
  const form = initialFlowForm(earliestStartDate(new Date(), platform.timeZone));
  return first ? { ...form, configId: first.id, options: defaultOptions(first) } : form;
}

/** The kept draft of this platform, its start date moved up when that day can no longer start. */
function restoredForm(flowType: FlowType, platform: PlanConfig): FlowFormState | null {
  const draft = loadDraft(flowType);
  if (!draft) return null;
  const earliest = earliestStartDate(new Date(), platform.timeZone);
  return draft.startDate && draft.startDate >= earliest ? draft : { ...draft, startDate: earliest };
}

/** "今日 20，次日起每日 24，共 3 天" (the first day cut) or "每日 24，共 3 天". */
function useScheduleText() {
  const { t } = useTranslation('flow');
  return (form: FlowFormState, quote: PlanQuote) =>
    quote.cut
      ? form.days > 1
        ? t('publish.scheduleCut', { today: formatPoints(quote.firstDay), daily: formatPoints(form.dailyCount), days: form.days })
        : t('publish.scheduleToday', { today: formatPoints(quote.firstDay) })
      : t('publish.scheduleFull', { daily: formatPoints(form.dailyCount), days: form.days });
}

export default function PlanPublisher({ flowType, platform }: PlanPublisherProps) {
  const { t } = useTranslation('flow');
  const [, navigate] = useLocation();
  const isLogin = useIsLogin();
  const { user } = useCurrentUser();
  const platformNames = useFlowTypeNames();
  const scheduleText = useScheduleText();
  const { timeZone, planConfigList: configs } = platform;
  const [restored] = useState(() => restoredForm(flowType, platform));
  const [form, setFormState] = useState<FlowFormState>(() => restored ?? newForm(platform));
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [submitted, setSubmitted] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [confirming, setConfirming] = useState(false);
  // What the confirmation shows, taken when it opens: the form starts afresh after a publish while
  // the dialog is still closing, and the charged plan's figures must stay on it until it is gone.
  const [confirmed, setConfirmed] = useState<{ form: FlowFormState; quote: PlanQuote } | null>(null);
  const [publishing, runPublish] = useSingleFlight();
  const [savingTemplate, setSavingTemplate] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  const setForm = (next: FlowFormState) => {
    setFormState(next);
    saveDraft(flowType, next);
  };

  const config = configs.find((c) => c.id === form.configId);
  const unit = unitCost(config, chosenOptionIds(config, form.options));
  const quote = quotePlan({ ...form, unit, discount: user?.discount, timeZone });
  const total = quote.cost.paid;
  const errors = validateFlowForm(form, config, { requireStartDate: true, timeZone });
  const valid = Object.keys(errors).length === 0;
  const short = user !== null && user !== undefined && total > user.integral;

  // After a failed submit, take the seller to the first field in error (it may be a screen away).
  useEffect(() => {
    if (attempts === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>(FIRST_ERROR_SELECTOR);
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')?.focus({ preventScroll: true });
  }, [attempts]);

  /** Visitors go to /login; otherwise the errors show from now on and `then` runs when the form passes `ok`. */
  function attempt(ok: boolean, then: () => void) {
    if (!isLogin) {
      navigate('/login');
      return;
    }
    // In a transition: the form re-renders (its errors, the confirmation) after the tap has painted.
    startTransition(() => {
      setSubmitted(true);
      if (ok) then();
      else setAttempts((n) => n + 1);
    });
  }

  function goTopUp() {
    setReturnPoint({ path: `/flow/${flowType}`, kind: 'publish' });
    navigate('/recharge/integral');
  }

  async function publish() {
    if (!config) return;
    await runPublish(async () => {
      try {
        const created = await createPlan(toPlanForm(form, flowType, config));
        setConfirming(false);
        // The form starts afresh here too, not only in storage: while the list's code loads this
        // page stays mounted, and a tap on 发布 in that moment would show the plan just published.
        startAfresh();
        clearReturnPoint();
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

  function startAfresh() {
    clearDraft(flowType);
    setFormState(newForm(platform));
    setShowRestored(false);
    setSubmitted(false);
  }

  const templateValid = () => Object.keys(validateFlowForm(form, config, { requireStartDate: false, timeZone })).length === 0;
  const tryPublish = () =>
    attempt(valid && !short, () => {
      setConfirmed({ form, quote });
      setConfirming(true);
    });
  const topUpLink = (
    <PlainButton variant="link" className="flow-topup" onClick={goTopUp} data-testid="go-top-up">
      {t('summary.topUp')}
    </PlainButton>
  );

  return (
    <div className="flow-layout">
      <div className="card flow-main" ref={formRef}>
        {showRestored && (
          <p className="flow-draft-note" role="status" data-testid="draft-restored">
            {t('draft.restored')}
            <PlainButton variant="link" size="small" onClick={startAfresh}>
              {t('draft.discard')}
            </PlainButton>
          </p>
        )}
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
        <CostSummary unit={unit} dailyCount={form.dailyCount} days={form.days} quote={quote} balance={user?.integral} />
        {short && (
          <p className="flow-error" data-testid="short-note">
            {t('summary.shortNote')} {topUpLink}
          </p>
        )}
        {submitted && !valid && <p className="flow-error">{t('publish.fixErrors')}</p>}
        <PlainButton variant="primary" size="large" block onClick={tryPublish} data-testid="publish">
          {t('publish.button')}
        </PlainButton>
        <PlainButton block onClick={() => attempt(templateValid(), () => setSavingTemplate(true))} data-testid="save-template">
          {t('template.button')}
        </PlainButton>
      </aside>

      {/* Phones: 合计 and 发布 always in reach of the thumb (CSS shows it below 720 px). */}
      <div className="flow-bar" data-testid="publish-bar">
        <div className="flow-bar-total">
          <span className="flow-bar-label">{t('summary.barTotal')}</span>
          <strong data-testid="publish-bar-total">{formatPointsAmount(total)}</strong>
          {quote.cost.saving > 0 && (
            <s className="flow-bar-original">{t('summary.barOriginal', { n: formatPoints(quote.cost.original) })}</s>
          )}
          {short && topUpLink}
        </div>
        <PlainButton variant="primary" size="large" onClick={tryPublish} data-testid="publish-bar-button">
          {t('publish.button')}
        </PlainButton>
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
        {confirmed && (
          <p data-testid="publish-confirm-text">
            {t('publish.confirmText', {
              platform: platformNames[flowType],
              service: configs.find((c) => c.id === confirmed.form.configId)?.name ?? '',
              schedule: scheduleText(confirmed.form, confirmed.quote),
              date: confirmed.form.startDate,
              original: formatPoints(confirmed.quote.cost.original),
              saving: formatPoints(confirmed.quote.cost.saving),
              total: formatPoints(confirmed.quote.cost.paid),
            })}
          </p>
        )}
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
