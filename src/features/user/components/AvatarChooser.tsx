/** Preset avatar chooser (POST /api/user/update-avatar {avatar}); the top bar updates at once. */
import { useState } from 'react';
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/toast';
import { AVATAR_PRESETS } from '@common/domain';
import { avatarSrc, refreshCurrentUser, setUserInfo } from '@/lib/session';
import { updateAvatar } from '../api';

export default function AvatarChooser({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: string | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('user');
  const [saving, setSaving] = useState<string | null>(null);

  const choose = async (avatar: string) => {
    setSaving(avatar);
    try {
      const user = await updateAvatar(avatar);
      if (user && typeof user === 'object' && 'phone' in user) setUserInfo(user);
      await refreshCurrentUser();
      toastSuccess(t('avatar.saved'));
      onClose();
    } catch {
      /* the API client showed the error */
    } finally {
      setSaving(null);
    }
  };

  return (
    <Modal title={t('avatar.title')} open={open} onCancel={onClose} footer={null} width={520}>
      <div className="avatar-grid" data-testid="avatar-grid">
        {AVATAR_PRESETS.map((name) => (
          <button
            key={name}
            type="button"
            className={name === current ? 'avatar-option selected' : 'avatar-option'}
            onClick={() => void choose(name)}
            disabled={saving !== null}
            aria-pressed={name === current}
            data-avatar={name}
          >
            <img src={avatarSrc(name)} alt={t('avatar.option', { name })} width={64} height={64} />
          </button>
        ))}
      </div>
    </Modal>
  );
}
