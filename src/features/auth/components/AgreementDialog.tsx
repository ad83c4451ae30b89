/**
 * 用户服务协议, readable before registering: a native modal <dialog> (focus kept inside, Escape
 * closes it, the page behind inert), so the visitor screens stay free of antd. Its text is in the
 * catalogue (auth: agreement.text, one paragraph a line).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import PlainButton from '@/components/PlainButton';

export default function AgreementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const sections = t('agreement.text').split('\n');
  return (
    <dialog ref={ref} className="plain-dialog" aria-labelledby="agreement-title" onClose={onClose} data-testid="agreement-dialog">
      <h2 id="agreement-title" className="plain-dialog-title">
        {t('agreement.title')}
      </h2>
      <div className="plain-dialog-body" tabIndex={0}>
        {sections.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
      <div className="plain-dialog-footer">
        <PlainButton variant="primary" onClick={onClose}>
          {t('agreement.close')}
        </PlainButton>
      </div>
    </dialog>
  );
}
