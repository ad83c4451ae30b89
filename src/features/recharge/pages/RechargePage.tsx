/** Placeholder: the recharge helper owns and replaces this page (/recharge/:type). */
import { useTranslation } from 'react-i18next';

export interface RechargePageProps {
  type: 'integral' | 'member' | 'integral-details' | 'record';
}

export default function RechargePage({ type }: RechargePageProps) {
  const { t } = useTranslation('common');
  return (
    <section className="page" data-recharge-type={type}>
      <h1>{t('placeholder.recharge')}</h1>
    </section>
  );
}
