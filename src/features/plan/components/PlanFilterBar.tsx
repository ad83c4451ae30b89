/**
 * The plan list's filters: status tabs with their counts (one scrolling row on a phone), then
 * platform, start-date range, keyword search and the export of what they select: in a row on a wide
 * screen, in a bottom sheet behind 筛选 on a phone, so the first plan stays on the first screen.
 */
import { useState, type ReactNode } from 'react';
import { Drawer } from '@/components/LazyOverlay';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import FilterOutlined from '@ant-design/icons-svg/es/asn/FilterOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import PlainButton from '@/components/PlainButton';
import SvgIcon from '@/components/SvgIcon';
import TextInput from '@/components/TextInput';
import { RangePicker } from '@/components/LazyDatePicker';
import Select from '@/components/LazySelect';
import TabBar from '@/components/TabBar';
import { useTranslation } from 'react-i18next';
import { FLOW_TYPES, type FlowType, type PlanStatus } from '@common/domain';
import { DATE_FORMAT, formatDate } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { exportPlans, usePlanCounts, type PlanFilters } from '../api';
import { PLAN_STATUSES, usePlanStatusNames } from './status';
import '@/components/TextInput.css';
import '@/components/LazyDatePicker.css';

export interface PlanFilterBarProps {
  filters: PlanFilters;
  /** the id of the list the status tabs filter */
  listId: string;
  onChange: (patch: Partial<PlanFilters>) => void;
  /** Phones: the filters in a bottom sheet behind 筛选. */
  phone: boolean;
  /** What goes at the end of the toolbar (the phone's 选择, the wide screen's 发布新计划). */
  extra?: ReactNode;
}

/** How many filters besides the status tabs are set. */
export const activeFilterCount = (f: PlanFilters) => [f.flowType, f.dateFrom || f.dateTo, f.keyword].filter(Boolean).length;

export default function PlanFilterBar({ filters, listId, onChange, phone, extra }: PlanFilterBarProps) {
  const { t } = useTranslation('plan');
  const { data: counts } = usePlanCounts(filters.flowType);
  const [keywordInput, setKeywordInput] = useState('');
  const [exporting, setExporting] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const active = activeFilterCount(filters);
  const statusNames = usePlanStatusNames();
  const platformNames = useFlowTypeNames();

  async function exportList() {
    setExporting(true);
    try {
      await exportPlans(filters, t('export.filename', { date: formatDate(new Date()) }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('export.failed'));
    } finally {
      setExporting(false);
    }
  }

  const fields = (
    <>
      <Select
        value={filters.flowType ?? 'all'}
        onChange={(v) => onChange({ flowType: v === 'all' ? undefined : (v as FlowType) })}
        style={{ width: 140 }}
        aria-label={t('filter.platform')}
        options={[{ value: 'all', label: t('filter.allPlatforms') }, ...FLOW_TYPES.map((f) => ({ value: f, label: platformNames[f] }))]}
      />
      <RangePicker
        aria-label={t('filter.dates')}
        placeholder={[t('filter.dateFrom'), t('filter.dateTo')]}
        onChange={(range) => onChange({ dateFrom: range?.[0]?.format(DATE_FORMAT), dateTo: range?.[1]?.format(DATE_FORMAT) })}
      />
      {/* antd's Input.Search in plain markup (its Input brings every input variant's code). Clearing the
          field (its own clear button, or deleting the text) shows every plan again, as allowClear did. */}
      <form
        role="search"
        className="joined-field plan-search"
        data-testid="plan-search"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ keyword: keywordInput.trim() || undefined });
        }}
      >
        <TextInput
          type="search"
          value={keywordInput}
          onChange={(value) => {
            setKeywordInput(value);
            if (!value && filters.keyword) onChange({ keyword: undefined });
          }}
          placeholder={t('filter.keyword')}
          aria-label={t('filter.keyword')}
        />
        <PlainButton type="submit" className="joined-field-button" aria-label={t('filter.search')}>
          <SvgIcon icon={SearchOutlined} />
        </PlainButton>
      </form>
    </>
  );
  const exportButton = (
    <PlainButton loading={exporting} onClick={() => void exportList()} data-testid="plan-export">
      {!exporting && <SvgIcon icon={DownloadOutlined} />}
      {t('export.button')}
    </PlainButton>
  );

  return (
    <>
      <TabBar
        className="plan-status-tabs"
        controls={listId}
        activeKey={filters.status ?? 'all'}
        onChange={(key) => onChange({ status: key === 'all' ? undefined : (key as PlanStatus) })}
        items={[
          // Without counts (not loaded, e.g. offline) the tabs show no number rather than a false 0.
          { key: 'all', label: counts ? t('status.allCount', { n: counts.total }) : t('status.all') },
          ...PLAN_STATUSES.map((s) => ({
            key: s,
            label: counts ? t('status.withCount', { name: statusNames[s], n: counts[s] }) : statusNames[s],
          })),
        ]}
      />
      {phone ? (
        <div className="plan-toolbar">
          <PlainButton onClick={() => setSheetOpen(true)} aria-haspopup="dialog" data-testid="plan-filter-open">
            <SvgIcon icon={FilterOutlined} />
            {active ? t('filter.openCount', { n: active }) : t('filter.open')}
          </PlainButton>
          <span className="plan-filters-spacer" />
          {extra}
        </div>
      ) : (
        <div className="plan-filters">
          {fields}
          <span className="plan-filters-spacer" />
          {exportButton}
          {extra}
        </div>
      )}
      {phone && (
        <Drawer
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          placement="bottom"
          size="auto"
          title={t('filter.title')}
          className="plan-filter-sheet"
        >
          <div className="plan-filter-sheet-body" data-testid="plan-filter-sheet">
            {fields}
            {exportButton}
            <PlainButton variant="primary" block onClick={() => setSheetOpen(false)} data-testid="plan-filter-done">
              {t('filter.done')}
            </PlainButton>
          </div>
        </Drawer>
      )}
    </>
  );
}
