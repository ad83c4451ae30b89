/** Publish a template: pick a start date the template's hours allow, see the cost, create the plan. */
import { useState } from 'react';
import { DatePicker, Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BaseService, TemplateRow } from '@common/api-types';
import { businessNow, canStartOn } from '@common/distribution';
import { addDays } from '@common/zoned-time';
import { unitCost } from '@common/plan-cost';
import { CostSummary } from '../form';
import { DATE_FORMAT } from '@/lib/format';
import { setCurrentBalance, useCurrentUser } from '@/lib/session';
import { publishTemplate, revalidatePlans } from '../api';
import { useRunAction } from './useRunAction';

export interface PublishTemplateDialogProps {
  template: TemplateRow;
  config: BaseService | undefined;
  timeZone: string;
  onClose: () => void;
}

/** The first date the template's hours allow: today if none of them has begun, else tomorrow. */
function firstStartDate(template: TemplateRow, timeZone: string): string {
  const now = new Date();
  const today = businessNow(now, timeZone).date;
  return canStartOn(today, template.form.distribution, now, timeZone) ? today : addDays(today, 1);
}

export default function PublishTemplateDialog({ template, config, timeZone, onClose }: PublishTemplateDialogProps) {
  const { t } = useTranslation('plan');
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const [startDate, setStartDate] = useState(() => firstStartDate(template, timeZone));
  const { busy, run } = useRunAction();
  const { form } = template;

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

  return (
    <Modal
      open
      title={t('template.publishTitle', { name: template.name })}
      okText={t('template.publishOk')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !startDate }}
      onOk={() => void publish()}
      onCancel={onClose}
    >
      <div className="plan-publish" data-testid="template-publish">
        <label className="plan-publish-date">
          <span>{t('template.startDate')}</span>
          <DatePicker
            value={startDate ? dayjs(startDate) : null}
            allowClear={false}
            disabledDate={(d) => !canStartOn(d.format(DATE_FORMAT), form.distribution, new Date(), timeZone)}
            onChange={(d) => setStartDate(d ? d.format(DATE_FORMAT) : '')}
            data-testid="template-start-date"
          />
        </label>
        <p className="plan-hint">{t('template.startDateHint')}</p>
        <CostSummary
          unit={unitCost(config, form.optionIds)}
          dailyCount={form.dailyCount}
          days={form.days}
          discount={user?.discount}
          balance={user?.integral}
        />
      </div>
    </Modal>
  );
}
