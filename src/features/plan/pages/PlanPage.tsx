/** /plan layout: two tabs, /plan/list (the plans) and /plan/template (the templates). */
import { useTranslation } from 'react-i18next';
import TabBar from '@/components/TabBar';
import { useAfterPaint, useNavigateAfterPaint } from '@/lib/after-paint';
import PlanListTab from '../components/PlanListTab';
import TemplateTab from '../components/TemplateTab';
import '../plan.css';

export interface PlanPageProps {
  type: 'list' | 'template';
}

export default function PlanPage({ type }: PlanPageProps) {
  const { t } = useTranslation('plan');
  // The tapped tab shows at once; the route changes once that has painted (a route change renders
  // the whole layout in one blocking render), and the other panel renders after that, in a transition.
  const [chosen, choose] = useNavigateAfterPaint((key: string) => `/plan/${key}`);
  const shown = useAfterPaint(type);
  return (
    <section className="page plan-page" data-plan-type={type}>
      <h1 className="page-title">{t('title')}</h1>
      <div className="card">
        <TabBar
          activeKey={chosen ?? type}
          onChange={choose}
          items={[
            { key: 'list', label: t('tab.list') },
            { key: 'template', label: t('tab.template') },
          ]}
        >
          {shown === 'list' ? <PlanListTab /> : <TemplateTab />}
        </TabBar>
      </div>
    </section>
  );
}
