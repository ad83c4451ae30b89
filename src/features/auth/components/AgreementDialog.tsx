/**
 * 用户服务协议, readable before registering: a PlainDialog (native <dialog>), so the visitor screens
 * stay free of antd. Its text is in the catalogue (auth: agreement.text, one paragraph a line).
 */
import { useTranslation } from 'react-i18next';
import PlainButton from '@/components/PlainButton';
import PlainDialog from '@/components/PlainDialog';

export default function AgreementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const sections = t('agreement.text').split('\n');
  return (
    <PlainDialog
      open={open}
      onClose={onClose}
      title={t('agreement.title')}
      testId="agreement-dialog"
      footer={
        <PlainButton variant="primary" onClick={onClose}>
          {t('agreement.close')}
        </PlainButton>
      }
    >
      {sections.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </PlainDialog>
  );
}
