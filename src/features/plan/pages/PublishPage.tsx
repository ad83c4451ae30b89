/**
 * /flow/:type: the platform switch, then, once the platform's config has loaded, the publisher
 * (the plan form, the live cost summary, publish and save as template).
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FLOW_TYPES, type FlowType } from '@common/domain';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import PlainSkeleton from '@/components/PlainSkeleton';
import RadioGroup from '@/components/RadioGroup';
import { usePlanConfig } from '../api';
import PlanPublisher from '../components/PlanPublisher';
import '../publish.css';

export interface PublishPageProps {
  flowType: FlowType;
}

export default function PublishPage({ flowType }: PublishPageProps) {
  const { t } = useTranslation('flow');
  const [, navigate] = useLocation();
  const { data: platform, isLoading, error: configError } = usePlanConfig(flowType);
  const platformNames = useFlowTypeNames();

  return (
    <section className="page flow-page" data-flow-type={flowType}>
      <div className="flow-page-head">
        <h1 className="page-title">{t('title')}</h1>
        <RadioGroup
          optionType="button"
          buttonStyle="solid"
          value={flowType}
          onChange={(type) => navigate(`/flow/${type}`)}
          options={FLOW_TYPES.map((type) => ({ value: type, label: platformNames[type] }))}
          aria-label={t('platform')}
          data-testid="platform-switch"
        />
      </div>
      {platform ? (
        <PlanPublisher flowType={flowType} platform={platform} />
      ) : (
        <div className="card flow-main">
          {isLoading && <PlainSkeleton rows={8} />}
          {configError && <p className="flow-error">{t('configError')}</p>}
        </div>
      )}
    </section>
  );
}
