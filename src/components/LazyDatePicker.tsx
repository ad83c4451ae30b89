/**
 * antd's DatePicker and RangePicker, loaded after the page that shows them has painted: a box of
 * the picker's size stands in until their code arrives, so nothing moves when it does.
 */
import { Suspense, type ComponentType } from 'react';
import type { Dayjs } from 'dayjs';
import type { DatePicker as AntdDatePicker, DatePickerProps, GetProps } from 'antd';
import { lazyPart } from '@/lib/lazy-part';

/** One date (the pickers of this app never pick several). */
type SingleDatePickerProps = DatePickerProps<Dayjs, false>;

const load = () => import('./AntdDatePicker');
const Picker = lazyPart(load) as unknown as ComponentType<SingleDatePickerProps>;
const Range = lazyPart(() => load().then((module) => ({ default: module.default.RangePicker })));

function PickerPlaceholder({ range }: { range?: boolean }) {
  return <span className={range ? 'picker-placeholder picker-placeholder-range' : 'picker-placeholder'} aria-hidden="true" />;
}

export function DatePicker(props: SingleDatePickerProps) {
  return (
    <Suspense fallback={<PickerPlaceholder />}>
      <Picker {...props} />
    </Suspense>
  );
}

export function RangePicker(props: GetProps<typeof AntdDatePicker.RangePicker>) {
  return (
    <Suspense fallback={<PickerPlaceholder range />}>
      <Range {...props} />
    </Suspense>
  );
}
