/**
 * PlainDialog: a native modal <dialog> (focus kept inside, Escape closes it, the page behind
 * inert) styled like antd's Modal, for screens that load no antd: a title, a scrollable body and a
 * footer of actions. `open` drives showModal()/close(); closing by Escape calls onClose.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface PlainDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer: ReactNode;
  testId?: string;
}

export default function PlainDialog({ open, onClose, title, children, footer, testId }: PlainDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="plain-dialog" aria-labelledby={titleId} onClose={onClose} data-testid={testId}>
      <h2 id={titleId} className="plain-dialog-title">
        {title}
      </h2>
      <div className="plain-dialog-body" tabIndex={0}>
        {children}
      </div>
      <div className="plain-dialog-footer">{footer}</div>
    </dialog>
  );
}
