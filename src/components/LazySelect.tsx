/**
 * antd's Select (one value out of a short list of options), loaded when first used: until then a
 * look-alike field (the same box, the chosen option's label and the down arrow) stands in, so a page
 * that shows a select does not load the select's code (one of the largest antd chunks) unless
 * someone uses it. Pointing at, focusing or tapping the field loads the select, which replaces the
 * stand-in open (tapped) or focused (reached by keyboard), with nothing moving. The stand-in's look
 * is the date pickers' (LazyDatePicker.css), which the screen using it imports.
 */
import { Suspense, type ComponentType, type CSSProperties } from 'react';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import SvgIcon from './SvgIcon';
import type { SelectProps as AntdSelectProps } from 'antd';
import { lazyPart } from '@/lib/lazy-part';
import { useFirstUse } from './first-use';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  'aria-label'?: string;
  style?: CSSProperties;
}

const Select = lazyPart(() => import('./AntdSelect')) as unknown as ComponentType<AntdSelectProps<string, SelectOption>>;

export default function LazySelect(props: SelectProps) {
  const [use, onUse] = useFirstUse();
  const label = props.options.find((option) => option.value === props.value)?.label ?? '';
  const standIn = (
    <span
      className="picker-standin select-standin"
      style={props.style}
      onPointerEnter={() => onUse('hover')}
      onPointerDown={() => onUse('open')}
    >
      <input
        readOnly
        role="combobox"
        aria-expanded={false}
        aria-haspopup="listbox"
        aria-label={props['aria-label']}
        value={label}
        onFocus={() => onUse('focus')}
        onKeyDown={() => onUse('open')}
      />
      <SvgIcon icon={DownOutlined} className="picker-standin-icon select-standin-arrow" />
    </span>
  );
  if (use === 'none') return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select {...props} defaultOpen={use === 'open'} autoFocus={use === 'open' || use === 'focus'} />
    </Suspense>
  );
}
