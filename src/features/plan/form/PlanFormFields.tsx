/**
 * The plan form's fields (item, keywords, base service and conditions, daily count, days, start
 * date, hour distribution), controlled by the caller. Used by /flow/:type and the template editor
 * (which has no start date).
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import NumberInput from '@/components/NumberInput';
import { DatePicker } from '@/components/LazyDatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FlowType } from '@common/domain';
import type { BaseService } from '@common/api-types';
import { DATE_FORMAT } from '@/lib/format';
import { businessNow, earliestStartDate, firstDayFromHour } from '@common/distribution';
import { DAILY_COUNT_MAX, DAILY_COUNT_MIN, DAYS_MAX, DAYS_MIN } from '@common/plan-limits';
import { applyFormChange, defaultOptions, type FlowFormErrors, type FlowFormState } from './form';
import DistributionEditor from './DistributionEditor';
import ItemLookup from './ItemLookup';
import KeywordsField from './KeywordsField';
import ServicePicker from './ServicePicker';
import './plan-form.css';

export interface PlanFormFieldsProps {
  flowType: FlowType;
  configs: BaseService[];
  value: FlowFormState;
  onChange: (next: FlowFormState) => void;
  /** Shown only after a first submit attempt. */
  errors?: FlowFormErrors;
  withStartDate: boolean;
  /** The business time zone (plan config `timeZone`): which hours of the start date have begun. */
  timeZone: string;
}

/** One field; `invalid` marks it for the scroll to the first error after a failed submit (FIRST_ERROR_SELECTOR). */
function Field({ label, children, testId, invalid }: { label: string; children: ReactNode; testId?: string; invalid?: boolean }) {
  return (
    <div className={invalid ? 'flow-field has-error' : 'flow-field'} data-testid={testId}>
      <div className="flow-field-label">{label}</div>
      <div className="flow-field-body">{children}</div>
    </div>
  );
}

/** The first field marked invalid, for the scroll after a failed submit. */
export const FIRST_ERROR_SELECTOR = '.flow-field.has-error';

export default function PlanFormFields({ flowType, configs, value, onChange, errors = {}, withStartDate, timeZone }: PlanFormFieldsProps) {
  const { t } = useTranslation('flow');
  // A change applies to the form as it is now, not as it was when its handler was made: the item
  // lookup answers seconds after the paste, and what the seller typed meanwhile must stay.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const change = (patch: Partial<FlowFormState>) => {
    const next = applyFormChange(latest.current, patch);
    latest.current = next;
    onChange(next);
  };
  const cutBefore = withStartDate && value.startDate ? firstDayFromHour(value.startDate, new Date(), timeZone) : 0;
  // no past dates; today only while an hour of it is still ahead
  const isStartDateDisabled = (date: Dayjs) => date.format(DATE_FORMAT) < earliestStartDate(new Date(), timeZone);
  const config = configs.find((c) => c.id === value.configId);

  return (
    <div className="flow-form">
      <Field label={t('item.label')} invalid={Boolean(errors.item ?? errors.title ?? errors.price)}>
        <ItemLookup
          flowType={flowType}
          itemUrl={value.itemUrl}
          item={value.item}
          title={value.title}
          error={errors.item ?? errors.title ?? errors.price}
          onChange={change}
        />
      </Field>
      <Field label={t('keywords.label')} invalid={Boolean(errors.keywords)}>
        <KeywordsField keywords={value.keywords} error={errors.keywords} onChange={(keywords) => change({ keywords })} />
      </Field>
      <Field label={t('service.label')} invalid={Boolean(errors.config ?? errors.options)}>
        <ServicePicker
          configs={configs}
          configId={value.configId}
          options={value.options}
          error={errors.config ?? errors.options}
          onConfig={(configId) => change({ configId, options: defaultOptions(configs.find((c) => c.id === configId)) })}
          onOption={(conditionId, optionId) => change({ options: { ...value.options, [conditionId]: optionId } })}
        />
        {config && config.conditionList.length > 0 && <p className="flow-hint">{t('service.hint')}</p>}
      </Field>
      <Field label={t('schedule.label')} invalid={Boolean(errors.dailyCount ?? errors.days ?? errors.startDate)}>
        <div className="flow-schedule">
          <label data-testid="daily-count">
            <span>{t('schedule.daily')}</span>
            <NumberInput
              min={DAILY_COUNT_MIN}
              max={DAILY_COUNT_MAX}
              value={value.dailyCount}
              invalid={Boolean(errors.dailyCount)}
              onChange={(n) => change({ dailyCount: n })}
            />
          </label>
          <label data-testid="days">
            <span>{t('schedule.days')}</span>
            <NumberInput
              min={DAYS_MIN}
              max={DAYS_MAX}
              value={value.days}
              invalid={Boolean(errors.days)}
              onChange={(n) => change({ days: n })}
            />
          </label>
          {withStartDate && (
            <label data-testid="start-date">
              <span>{t('schedule.startDate')}</span>
              <DatePicker
                value={value.startDate ? dayjs(value.startDate) : null}
                disabledDate={isStartDateDisabled}
                allowClear={false}
                status={errors.startDate ? 'error' : undefined}
                onChange={(d) => d && change({ startDate: d.format(DATE_FORMAT) })}
              />
            </label>
          )}
        </div>
        {(errors.dailyCount || errors.days || errors.startDate) && (
          <p className="flow-error">
            {[errors.dailyCount, errors.days, errors.startDate]
              .filter(Boolean)
              .map((key) => t(key!, { dailyMax: DAILY_COUNT_MAX, daysMax: DAYS_MAX }))
              .join(' ')}
          </p>
        )}
        {withStartDate && value.startDate === businessNow(new Date(), timeZone).date && (
          <p className="flow-hint">{t('schedule.todayHint', { hour: cutBefore })}</p>
        )}
      </Field>
      <Field label={t('distribution.label')} invalid={Boolean(errors.distribution)}>
        <DistributionEditor
          preset={value.preset}
          distribution={value.distribution}
          dailyCount={value.dailyCount}
          cutBefore={cutBefore}
          error={errors.distribution}
          onPreset={(preset) => change({ preset })}
          onHours={(distribution) => change({ distribution })}
        />
      </Field>
    </div>
  );
}
