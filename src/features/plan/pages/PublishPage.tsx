/**
 * /flow/:type: the platform switch, then, once the platform's config has loaded, the publisher
 * (the plan form, the live cost summary, publish and save as template).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_TYPES, type FlowType } from '@common/domain';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import PlainSkeleton from '@/components/PlainSkeleton';
import RadioGroup from '@/components/RadioGroup';
import { usePlanConfig } from '../api';
import PlanPublisher from '../components/PlanPublisher';
import '../publish.css';

export interface PublishPageProps {
  flowType: FlowType;
  /** The platform chosen in the switch, when its page is still to render (a tapped or the route's newest platform). */
  selected?: FlowType;
  /** A platform tapped in the switch (the route changes to it: app/routes.tsx). */
  onSelect: (flowType: FlowType) => void;
}

export default function PublishPage({ flowType, selected = flowType, onSelect }: PublishPageProps) {
  const { t } = useTranslation('flow');
  const { data: platform, isLoading, error: configError } = usePlanConfig(flowType);
  const platformNames = useFlowTypeNames();
  // The same element while the platform is the same: a switch tapped re-renders the switch, not the form.
  const publisher = useMemo(() => platform && <PlanPublisher flowType={flowType} platform={platform} />, [flowType, platform]);

  return (
    <section className="page flow-page" data-flow-type={flowType}>
      <div className="flow-page-head">
        <h1 className="page-title">{t('title')}</h1>
        <RadioGroup
          optionType="button"
          buttonStyle="solid"
          value={selected}
          onChange={onSelect}
          options={FLOW_TYPES.map((type) => ({ value: type, label: platformNames[type] }))}
          aria-label={t('platform')}
          data-testid="platform-switch"
        />
      </div>
      {platform ? (
        publisher
      ) : (
        <div className="card flow-main">
          {isLoading && <PlainSkeleton rows={8} />}
          {configError && <p className="flow-error">{t('configError')}</p>}
        </div>
      )}
    </section>
  );
}
