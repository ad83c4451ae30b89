/**
 * antd's DatePicker and RangePicker, loaded when first used: until then a look-alike field (the same
 * box, value or placeholders and calendar icon) stands in, so a page that shows a picker does not
 * load the picker's code (one of the largest antd chunks) unless someone opens it. Pointing at,
 * focusing or tapping the field loads the picker, which replaces the stand-in open (tapped) or
 * focused (reached by keyboard), with nothing moving.
 */
import { Suspense, type ComponentType } from 'react';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import SvgIcon from './SvgIcon';
import type { Dayjs } from 'dayjs';
import type { DatePicker as AntdDatePicker, DatePickerProps, GetProps } from 'antd';
import { DATE_FORMAT } from '@/lib/format';
import { lazyPart } from '@/lib/lazy-part';
import { useFirstUse, type FirstUse } from './first-use';
import './LazyDatePicker.css';

/** One date (the pickers of this app never pick several). */
type SingleDatePickerProps = DatePickerProps<Dayjs, false>;
type RangePickerProps = GetProps<typeof AntdDatePicker.RangePicker>;

const load = () => import('./AntdDatePicker');
const Picker = lazyPart(load) as unknown as ComponentType<SingleDatePickerProps>;
const Range = lazyPart(() => load().then((module) => ({ default: module.RangePicker }))) as unknown as ComponentType<RangePickerProps>;

function shown(value: Dayjs | null | undefined, format: unknown): string {
  return value ? value.format(typeof format === 'string' ? format : DATE_FORMAT) : '';
}

interface StandInProps {
  values: string[];
  placeholders: (string | undefined)[];
  label?: string;
  error?: boolean;
  testId?: string;
  onUse: (use: FirstUse) => void;
}

function StandIn({ values, placeholders, label, error, testId, onUse }: StandInProps) {
  const range = values.length > 1;
  const classes = ['picker-standin', range && 'picker-standin-range', error && 'picker-standin-error'].filter(Boolean).join(' ');
  return (
    <span className={classes} data-testid={testId} onPointerEnter={() => onUse('hover')} onPointerDown={() => onUse('open')}>
      {values.map((value, index) => (
        <span key={index} className="picker-standin-part">
          {index > 0 && (
            <span className="picker-standin-separator" aria-hidden="true">
              →
            </span>
          )}
          <input
            readOnly
            value={value}
            placeholder={placeholders[index]}
            aria-label={label}
            onFocus={() => onUse('focus')}
            onKeyDown={() => onUse('open')}
          />
        </span>
      ))}
      <SvgIcon icon={CalendarOutlined} className="picker-standin-icon" />
    </span>
  );
}

export function DatePicker(props: SingleDatePickerProps) {
  const [use, onUse] = useFirstUse();
  const standIn = (
    <StandIn
      values={[shown(props.value, props.format)]}
      placeholders={[typeof props.placeholder === 'string' ? props.placeholder : undefined]}
      label={props['aria-label']}
      error={props.status === 'error'}
      onUse={onUse}
    />
  );
  if (use === 'none') return standIn;
  return (
    <Suspense fallback={standIn}>
      <Picker {...props} defaultOpen={use === 'open'} autoFocus={use === 'open' || use === 'focus'} />
    </Suspense>
  );
}

export function RangePicker(props: RangePickerProps) {
  const [use, onUse] = useFirstUse();
  const placeholders = Array.isArray(props.placeholder) ? props.placeholder : [undefined, undefined];
  const testId = (props as { 'data-testid'?: string })['data-testid'];
  const standIn = (
    <StandIn
      values={[shown(props.value?.[0], props.format), shown(props.value?.[1], props.format)]}
      placeholders={placeholders}
      label={props['aria-label']}
      error={props.status === 'error'}
      testId={testId}
      onUse={onUse}
    />
  );
  if (use === 'none') return standIn;
  return (
    <Suspense fallback={standIn}>
      <Range {...props} defaultOpen={use === 'open'} autoFocus={use === 'open' || use === 'focus'} />
    </Suspense>
  );
}
