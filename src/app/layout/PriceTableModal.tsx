/**
 * 价格表 dialog: width 1100, no footer; a radio switch over the three platforms of
 * GET /api/plan/config/full-data; for the chosen platform each plan config's base-service cost and
 * its deep-visit condition rows (min~max of the options' integral, '--' when all are zero); the guidance.
 */
import * as routes from '@common/routes';
import { useState } from 'react';
import { Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { PlanCondition, PlanConfig } from '@common/api-types';
import RadioGroup from '@/components/RadioGroup';
import { apiGet } from '@/lib/api';
import { formatPoints } from '@/lib/format';

/** '--' when every option is free, else "min~max" of the options' integral. */
export function conditionRange(condition: PlanCondition): string {
  const values = condition.optionList.map((option) => option.integral);
  if (values.length === 0 || values.every((value) => value === 0)) return '--';
  return `${formatPoints(Math.min(...values))}~${formatPoints(Math.max(...values))}`;
}

export default function PriceTableModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  // The platform switch lives in its own component: a tap on it re-renders the table, not antd's Modal around it.
  return (
    <Modal title={t('price.title')} open={open} onCancel={onClose} footer={null} width={1100} destroyOnHidden={false}>
      <PriceTable open={open} />
    </Modal>
  );
}

function PriceTable({ open }: { open: boolean }) {
  const { t } = useTranslation('layout');
  const { data, isLoading } = useSWR<PlanConfig[]>(open ? routes.planConfigFullData.path : null, () =>
    apiGet<PlanConfig[]>(routes.planConfigFullData.path),
  );
  const [selected, setSelected] = useState<string | null>(null);
  const platforms = data ?? [];
  const current = platforms.find((p) => p.flowType === selected) ?? platforms[0];

  return (
    <div className="price-table" data-testid="price-table">
      {isLoading && <Spin />}
      {!isLoading && platforms.length === 0 && <Empty />}
      {platforms.length > 0 && (
        // The plain switch: the tapped platform shows at once, its table renders after in a transition.
        <RadioGroup
          optionType="button"
          buttonStyle="solid"
          value={current?.flowType}
          onChange={setSelected}
          options={platforms.map((p) => ({ label: p.generalType, value: p.flowType }))}
          aria-label={t('price.platform')}
          data-testid="price-platforms"
        />
      )}
      {current && (
        <div className="price-table-configs">
          {current.planConfigList.map((config) => (
            <section key={config.id} className="price-config" data-testid="price-config">
              <header className="price-config-head">
                <h4>{config.name}</h4>
                <span>
                  {t('price.base')}
                  <strong>{formatPoints(config.integral)}</strong> {t('price.unit')}
                </span>
              </header>
              {config.conditionList.length > 0 && (
                <table className="price-config-table">
                  <thead>
                    <tr>
                      <th>{t('price.condition')}</th>
                      <th>{t('price.range')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {config.conditionList.map((condition) => (
                      <tr key={condition.id}>
                        <td>{condition.label}</td>
                        <td>{conditionRange(condition)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          ))}
        </div>
      )}
      <p className="price-table-guide">{t('price.guide')}</p>
    </div>
  );
}
