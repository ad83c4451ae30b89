/** Delete chosen plans: only completed or stopped ones; the others are skipped and counted. */
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import type { PlanRow } from '@common/api-types';
import { deletePlans } from '../api';
import { canDelete } from '../rules';
import { useBatchAction } from './useBatchAction';

export interface DeletePlansDialogProps {
  plans: PlanRow[] | null;
  onClose: () => void;
  onDone: () => void;
}

export default function DeletePlansDialog({ plans, onClose, onDone }: DeletePlansDialogProps) {
  const { t } = useTranslation('plan');
  const { busy, runBatch } = useBatchAction();
  const deletable = plans?.filter(canDelete) ?? [];

  async function remove() {
    const ok = await runBatch(
      () => deletePlans(deletable.map((p) => p.id)),
      (done) => t('delete.done', { count: done.length }),
      false,
    );
    if (ok) onDone();
  }

  return (
    <Modal
      open={plans !== null}
      title={t('delete.title')}
      okText={t('delete.ok')}
      okButtonProps={{ danger: true, disabled: deletable.length === 0 }}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => void remove()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('delete.text', { count: deletable.length })}</p>
      {plans && plans.length > deletable.length && (
        <p className="plan-hint">{t('delete.skipped', { count: plans.length - deletable.length })}</p>
      )}
    </Modal>
  );
}
