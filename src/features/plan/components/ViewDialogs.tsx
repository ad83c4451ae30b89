/** The two read-only views both tabs open: the details drawer and the time-distribution dialog. */
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/viewport';
import { Drawer, Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';

export interface ViewDialogProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

export function DetailsDrawer({ open, onClose, title, children, footer }: ViewDialogProps & { title: string; footer?: ReactNode }) {
  // A phone: the whole width (720 px would be wider than the screen), the actions in the footer in reach of the thumb.
  const phone = useIsPhone();
  return (
    <Drawer open={open} onClose={onClose} title={title} size={phone ? '100%' : 720} footer={footer} destroyOnHidden>
      {children}
    </Drawer>
  );
}

export function TimeDistributionDialog({ open, onClose, children }: ViewDialogProps) {
  const { t } = useTranslation('plan');
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('timeDist.title')} width={760} destroyOnHidden>
      {children}
    </Modal>
  );
}
