/** Invite link `{origin}/sui/{inviteCode}` with copy and a QR code. */
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import SvgIcon from '@/components/SvgIcon';
import PlainButton from '@/components/PlainButton';
import QRCode from '@/components/LazyQRCode';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { toastError, toastSuccess } from '@/lib/toast';
import '@/components/TextInput.css';

export function inviteLink(origin: string, inviteCode: string) {
  return `${origin}/sui/${encodeURIComponent(inviteCode)}`;
}

export default function InviteCard({ inviteCode }: { inviteCode: string | undefined }) {
  const { t } = useTranslation('user');
  if (!inviteCode) return null;
  const link = inviteLink(window.location.origin, inviteCode);
  const copy = async () => {
    try {
      await copyText(link);
      toastSuccess(t('invite.copied'));
    } catch {
      toastError(t('invite.copyFailed'));
    }
  };
  return (
    <div className="invite-card" data-testid="invite-card">
      <div className="invite-card-main">
        <p className="invite-card-hint">{t('invite.text')}</p>
        {/* A read-only field and its button joined as antd's Space.Compact joins them, in plain markup: antd's
            Input brings all its variants' code (search, password, OTP) to a page where nothing is typed. */}
        <div className="joined-field invite-link-row">
          <input className="text-input" value={link} readOnly aria-label={t('invite.linkLabel')} data-testid="invite-link" />
          <PlainButton className="joined-field-button" onClick={() => void copy()} data-testid="invite-copy">
            <SvgIcon icon={CopyOutlined} />
            {t('invite.copy')}
          </PlainButton>
        </div>
      </div>
      <QRCode value={link} size={128} bordered={false} aria-label={t('invite.qr')} data-testid="invite-qr" />
    </div>
  );
}
