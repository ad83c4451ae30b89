/** Stop chosen plans: shows the refund first (the plans that cannot stop are skipped and counted). */
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import type { PlanRow } from '@common/api-types';
import { formatPoints } from '@/lib/format';
import { stopPlans } from '../api';
import { stopPreview } from '../rules';
import { useBatchAction } from './useBatchAction';

export interface StopPlansDialogProps {
  plans: PlanRow[] | null;
  onClose: () => void;
  onDone: () => void;
}

export default function StopPlansDialog({ plans, onClose, onDone }: StopPlansDialogProps) {
  const { t } = useTranslation('plan');
  const { busy, runBatch } = useBatchAction();
  const preview = plans ? stopPreview(plans) : null;

  async function stop() {
    if (!preview) return;
    const ok = await runBatch(
      () => stopPlans(preview.stoppable.map((p) => p.id)),
      (done) => t('stop.done', { count: done.length, refund: formatPoints(done.reduce((sum, r) => sum + r.refund, 0)) }),
      true,
    );
    if (ok) onDone();
  }

  return (
    <Modal
      open={plans !== null}
      title={t('stop.title')}
      okText={t('stop.ok')}
      okButtonProps={{ danger: true, disabled: !preview?.stoppable.length }}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => void stop()}
      onCancel={onClose}
      destroyOnHidden
    >
      {preview && (
        <div data-testid="stop-preview">
          <p>{t('stop.text', { count: preview.stoppable.length })}</p>
          <p className="plan-refund">
            {t('stop.refund')}
            <strong data-testid="stop-refund">{formatPoints(preview.refund)}</strong>
            {t('stop.pointsUnit')}
          </p>
          <p className="plan-hint">{t('stop.rule')}</p>
          {preview.skipped.length > 0 && <p className="plan-hint">{t('stop.skipped', { count: preview.skipped.length })}</p>}
        </div>
      )}
    </Modal>
  );
}
