/**
 * 隐私与账号 in the user centre: the privacy policy, 下载我的数据 (a JSON copy of the account,
 * made by the server on request) and 注销账号 (its dialog's code loads when first opened).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import PlainButton, { plainButtonClass } from '@/components/PlainButton';
import { formatDate } from '@/lib/format';
import type { UserInfo } from '@/lib/session';
import { toastError } from '@/lib/toast';
import { ApiError } from '@/lib/api';
import { downloadMyData } from '../api';
import '../user-center.css';

const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog'));

export default function PrivacyActions({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData(t('privacy.fileName', { date: formatDate(new Date()).replace(/-/g, '') }));
    } catch (err) {
      // Refused by its limit: the server's message says how long to wait.
      toastError(err instanceof ApiError && err.status === 429 ? err.message : t('privacy.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <p className="privacy-actions-text">{t('privacy.text')}</p>
      <div className="privacy-actions">
        <Link href="/privacy" className={plainButtonClass()} data-testid="user-privacy-policy">
          {t('privacy.policy')}
        </Link>
        <PlainButton loading={downloading} onClick={download} data-testid="download-my-data">
          {t('privacy.download')}
        </PlainButton>
        <PlainButton
          danger
          onClick={() => {
            setDeleteOpened(true);
            setDeleting(true);
          }}
          data-testid="delete-account"
        >
          {t('privacy.delete')}
        </PlainButton>
      </div>
      {deleteOpened && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} user={user} />
        </Suspense>
      )}
    </>
  );
}
