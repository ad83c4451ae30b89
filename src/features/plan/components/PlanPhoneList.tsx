/**
 * The plan list on a phone: one compact row per plan (title and status, progress, spent and
 * refunded, platform and dates), a tap opens its details (where its actions are). In selection mode
 * each row has a checkbox; the batch actions show once something is selected.
 */
import { useTranslation } from 'react-i18next';
import type { PlanRow } from '@common/api-types';
import PlainTag from '@/components/PlainTag';
import ProgressBar from '@/components/ProgressBar';
import { formatPoints } from '@/lib/format';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { lastPlanDay, progressPercent } from '../rules';
import { STATUS_COLORS, usePlanStatusNames } from './status';

export interface PlanPhoneListProps {
  rows: PlanRow[];
  selecting: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onOpen: (plan: PlanRow) => void;
}

/** "11-29" from "2026-11-29": the year is in the details. */
const shortDate = (date: string) => date.slice(5);

export default function PlanPhoneList({ rows, selecting, selected, onSelect, onOpen }: PlanPhoneListProps) {
  const { t } = useTranslation('plan');
  const statusNames = usePlanStatusNames();
  const platformNames = useFlowTypeNames();
  return (
    <ul className="plan-rows" data-testid="plan-rows">
      {rows.map((p) => {
        const checked = selected.includes(p.id);
        return (
          <li key={p.id} className={checked ? 'plan-row is-selected' : 'plan-row'}>
            {selecting && (
              <input
                type="checkbox"
                className="plan-row-check"
                checked={checked}
                aria-label={t('row.select', { title: p.title })}
                onChange={(e) => onSelect(e.target.checked ? [...selected, p.id] : selected.filter((id) => id !== p.id))}
              />
            )}
            <button type="button" className="plan-row-main" onClick={() => onOpen(p)} data-testid="plan-row">
              <span className="plan-row-top">
                <span className="plan-row-title">{p.title}</span>
                <PlainTag color={STATUS_COLORS[p.status]}>{statusNames[p.status]}</PlainTag>
              </span>
              <span className="plan-row-progress">
                <ProgressBar aria-label={t('field.progress')} percent={progressPercent(p)} showInfo={false} />
                <span className="plan-row-figure">
                  {formatPoints(p.dispatched)}/{formatPoints(p.totalCount)}
                </span>
              </span>
              <span className="plan-row-bottom">
                <span className="plan-row-sub">
                  {platformNames[p.flowType]} · <span className="nowrap">{shortDate(p.startDate)}</span>~
                  <span className="nowrap">{shortDate(lastPlanDay(p.startDate, p.days))}</span>
                </span>
                <span className="plan-row-money">
                  {t('row.spent', { n: formatPoints(p.totalCost) })}
                  {p.refunded > 0 && <span className="plan-row-refund">{t('row.refunded', { n: formatPoints(p.refunded) })}</span>}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
