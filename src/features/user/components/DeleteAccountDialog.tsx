/**
 * 注销账号: says what deletion gives up and what is kept, asks for an SMS code sent to the
 * account's own phone (type 4), then deletes at once (POST /api/user/delete-account). The session
 * is already dead on the server: the app clears it and goes to /login. A PlainDialog: the user
 * centre loads no antd.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import PlainButton from '@/components/PlainButton';
import PlainDialog from '@/components/PlainDialog';
import SmsCodeButton from '@/components/SmsCodeButton';
import TextInput from '@/components/TextInput';
import { formatPoints, maskPhone } from '@/lib/format';
import { clearSession, type UserInfo } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { deleteAccount } from '../api';
import '../user-center.css';

export default function DeleteAccountDialog({ open, onClose, user }: { open: boolean; onClose: () => void; user: UserInfo }) {
  const { t } = useTranslation('user');
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState(false);
  const inputId = useId();

  const confirm = async () => {
    if (!code.trim()) {
      setError(t('deleteAccount.codeRequired'));
      return;
    }
    setError('');
    setDeleting(true);
    try {
      await deleteAccount(code.trim());
    } catch {
      // The API client has shown why (wrong or expired code); the dialog stays for another try.
      setDeleting(false);
      return;
    }
    toastSuccess(t('deleteAccount.done'));
    // Leave first, so the guard does not remember the user centre as the page asked for.
    navigate('/login', { replace: true });
    clearSession();
  };

  return (
    <PlainDialog
      open={open}
      onClose={onClose}
      title={t('deleteAccount.title')}
      testId="delete-account-dialog"
      footer={
        <div className="dialog-actions">
          <PlainButton onClick={onClose}>{t('deleteAccount.cancel')}</PlainButton>
          <PlainButton variant="primary" danger loading={deleting} onClick={confirm} data-testid="delete-account-confirm">
            {t('deleteAccount.confirm')}
          </PlainButton>
        </div>
      }
    >
      <p>
        <strong>{t('deleteAccount.warning')}</strong>
      </p>
      <ul className="legal-list">
        <li>{t('deleteAccount.points', { points: formatPoints(user.integral) })}</li>
        <li>{t('deleteAccount.plans')}</li>
        <li>{t('deleteAccount.sessions')}</li>
        <li>{t('deleteAccount.records')}</li>
        <li>{t('deleteAccount.again')}</li>
      </ul>
      <div className="plain-field delete-account-code">
        <label htmlFor={inputId}>{t('deleteAccount.codeLabel', { phone: maskPhone(user.phone) })}</label>
        <div className="delete-account-code-row">
          <TextInput
            id={inputId}
            value={code}
            onChange={setCode}
            onEnter={confirm}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('deleteAccount.codePlaceholder')}
            invalid={Boolean(error)}
            data-testid="delete-account-code"
          />
          <SmsCodeButton phone={user.phone} type={4} />
        </div>
        {error && (
          <span className="plain-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </PlainDialog>
  );
}
