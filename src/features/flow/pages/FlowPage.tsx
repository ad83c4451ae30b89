/** Placeholder: the flow helper owns and replaces this page (publish task, seed §2 /flow/:type). */
import { useTranslation } from 'react-i18next';

export interface FlowPageProps {
  flowType: 'tb' | 'jd' | 'pdd';
}

export default function FlowPage({ flowType }: FlowPageProps) {
  const { t } = useTranslation('common');
  return (
    <section className="page" data-flow-type={flowType}>
      <h1>{t('placeholder.flow')}</h1>
    </section>
  );
}
