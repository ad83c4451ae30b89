/**
 * Asks a signed-in user to agree again when the privacy policy changed (PRIVACY_POLICY_VERSION is
 * newer than the version their account agreed to, or they never agreed: accounts from before the
 * policy). A panel at the bottom of the screen, plain (no antd), that keeps the page usable; agreeing
 * stores the version through POST /api/user/privacy-consent. Stored user info from before the field
 * existed (undefined) asks nothing until user-data has answered.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PRIVACY_POLICY_VERSION } from '@common/privacy';
import PlainButton from '@/components/PlainButton';
import { apiPost } from '@/lib/api';
import { setUserInfo, useSession } from '@/lib/session';
import * as routes from '@common/routes';

export default function PrivacyConsent() {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const [saving, setSaving] = useState(false);
  if (!user || user.privacyVersion === undefined || user.privacyVersion === PRIVACY_POLICY_VERSION) return null;

  const agree = async () => {
    setSaving(true);
    try {
      setUserInfo(await apiPost(routes.userPrivacyConsent, { version: PRIVACY_POLICY_VERSION }));
    } catch {
      // The API client has shown why; the panel stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="privacy-consent" role="region" aria-labelledby="privacy-consent-title" data-testid="privacy-consent">
      <h2 id="privacy-consent-title" className="privacy-consent-title">
        {t('privacyConsent.title')}
      </h2>
      <p className="privacy-consent-text">
        {t('privacyConsent.text')} <Link href="/privacy">{t('privacyConsent.read')}</Link>
      </p>
      <PlainButton variant="primary" loading={saving} onClick={agree} data-testid="privacy-consent-agree">
        {t('privacyConsent.agree')}
      </PlainButton>
    </section>
  );
}
