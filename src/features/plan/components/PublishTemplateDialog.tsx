/**
 * Publish a template by the plan rule: any start date from today on (today cuts the hours already
 * begun from the first day only, as publishing from the form does), the cost as a seller checks it,
 * 积分不足 with 去充值 (whose payment result comes back here), then the plan is created.
 */
import { useState } from 'react';
import { DatePicker, Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BaseService, TemplateRow } from '@common/api-types';
import { businessNow, canStartOn, earliestStartDate } from '@common/distribution';
import { addDays } from '@common/zoned-time';
import { unitCost } from '@common/plan-cost';
import { CostSummary, quotePlan } from '../form';
import PlainButton from '@/components/PlainButton';
import { DATE_FORMAT } from '@/lib/format';
import { setReturnPoint } from '@/lib/return-point';
import { setCurrentBalance, useCurrentUser } from '@/lib/session';
import { publishTemplate, revalidatePlans } from '../api';
import { useRunAction } from './useRunAction';

export interface PublishTemplateDialogProps {
  template: TemplateRow;
  config: BaseService | undefined;
  timeZone: string;
  onClose: () => void;
}

/** The first date the template can start: today while it has a task left today (or later days), else tomorrow. */
function firstStartDate(template: TemplateRow, timeZone: string): string {
  const now = new Date();
  const earliest = earliestStartDate(now, timeZone);
  const { distribution, days } = template.form;
  return canStartOn(earliest, distribution, days, now, timeZone) ? earliest : addDays(businessNow(now, timeZone).date, 1);
}

export default function PublishTemplateDialog({ template, config, timeZone, onClose }: PublishTemplateDialogProps) {
  const { t } = useTranslation('plan');
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const [startDate, setStartDate] = useState(() => firstStartDate(template, timeZone));
  const { busy, run } = useRunAction();
  const { form } = template;
  const unit = unitCost(config, form.optionIds);
  const quote = quotePlan({
    unit,
    distribution: form.distribution,
    dailyCount: form.dailyCount,
    days: form.days,
    startDate,
    discount: user?.discount,
    timeZone,
  });
  const short = user !== null && user !== undefined && quote.cost.paid > user.integral;

  const publish = () =>
    run(
      () => publishTemplate(template.id, startDate),
      t('template.published'),
      (created) => {
        onClose();
        setCurrentBalance(created.integral);
        void revalidatePlans();
        navigate('/plan/list');
      },
    );

  function goTopUp() {
    setReturnPoint({ path: `/plan/template?publish=${template.id}`, kind: 'publishTemplate' });
    onClose();
    navigate('/recharge/integral');
  }

  return (
    <Modal
      open
      title={t('template.publishTitle', { name: template.name })}
      okText={t('template.publishOk')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !startDate || short }}
      onOk={() => void publish()}
      onCancel={onClose}
    >
      <div className="plan-publish" data-testid="template-publish">
        <label className="plan-publish-date">
          <span>{t('template.startDate')}</span>
          <DatePicker
            value={startDate ? dayjs(startDate) : null}
            allowClear={false}
            disabledDate={(d) => !canStartOn(d.format(DATE_FORMAT), form.distribution, form.days, new Date(), timeZone)}
            onChange={(d) => setStartDate(d ? d.format(DATE_FORMAT) : '')}
            data-testid="template-start-date"
          />
        </label>
        <p className="plan-hint">{t('template.startDateHint')}</p>
        <CostSummary unit={unit} dailyCount={form.dailyCount} days={form.days} quote={quote} balance={user?.integral} />
        {short && (
          <p className="plan-short" data-testid="template-short">
            {t('template.short')}
            <PlainButton variant="link" onClick={goTopUp} data-testid="template-top-up">
              {t('template.topUp')}
            </PlainButton>
          </p>
        )}
      </div>
    </Modal>
  );
}
