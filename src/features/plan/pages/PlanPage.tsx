/** /plan layout: two tabs, /plan/list (the plans) and /plan/template (the templates). */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import TabBar from '@/components/TabBar';
import PlanListTab from '../components/PlanListTab';
import TemplateTab from '../components/TemplateTab';
import '../plan.css';

export interface PlanPageProps {
  type: 'list' | 'template';
}

export default function PlanPage({ type }: PlanPageProps) {
  const { t } = useTranslation('plan');
  const [, navigate] = useLocation();
  return (
    <section className="page plan-page" data-plan-type={type}>
      <h1 className="page-title">{t('title')}</h1>
      <div className="card">
        <TabBar
          activeKey={type}
          onChange={(key) => navigate(`/plan/${key}`)}
          items={[
            { key: 'list', label: t('tab.list') },
            { key: 'template', label: t('tab.template') },
          ]}
        >
          {type === 'list' ? <PlanListTab /> : <TemplateTab />}
        </TabBar>
      </div>
    </section>
  );
}
