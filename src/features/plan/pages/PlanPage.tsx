/** Placeholder: the plan helper owns and replaces this page (/plan layout with list and template tabs). */
import { useTranslation } from 'react-i18next';

export interface PlanPageProps {
  type: 'list' | 'template';
}

export default function PlanPage({ type }: PlanPageProps) {
  const { t } = useTranslation('common');
  return (
    <section className="page" data-plan-type={type}>
      <h1>{t('placeholder.plan')}</h1>
    </section>
  );
}
