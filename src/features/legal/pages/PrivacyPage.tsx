/**
 * /privacy: the 隐私政策, open to visitors and signed-in users alike and prerendered like /login
 * (readable without JavaScript). Its text is the `privacy` catalogue namespace, one item a line;
 * the retention periods come from common/privacy.ts, the figures the retention sweep uses.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ACCOUNTING_RETENTION_YEARS, PRIVACY_POLICY_DATE, PRIVACY_POLICY_VERSION, RETENTION_DAYS } from '@common/privacy';

type Values = Record<string, number>;

/** Each section's heading and its items (one a line); static keys, so the catalogue test checks them. */
const SECTIONS: Array<{ id: string; title: (t: TFunction) => string; text: (t: TFunction, values: Values) => string }> = [
  { id: 'collect', title: (t) => t('privacy:collect.title'), text: (t) => t('privacy:collect.text') },
  { id: 'retention', title: (t) => t('privacy:retention.title'), text: (t, values) => t('privacy:retention.text', values) },
  { id: 'sharing', title: (t) => t('privacy:sharing.title'), text: (t) => t('privacy:sharing.text') },
  { id: 'rights', title: (t) => t('privacy:rights.title'), text: (t) => t('privacy:rights.text') },
  { id: 'security', title: (t) => t('privacy:security.title'), text: (t) => t('privacy:security.text') },
  { id: 'contact', title: (t) => t('privacy:contact.title'), text: (t) => t('privacy:contact.text') },
];

export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const values = { ...RETENTION_DAYS, accountingYears: ACCOUNTING_RETENTION_YEARS };
  return (
    <article className="page legal-page" data-testid="privacy-policy">
      <h1 className="page-title">{t('title')}</h1>
      <p className="legal-meta">{t('meta', { version: PRIVACY_POLICY_VERSION, date: PRIVACY_POLICY_DATE })}</p>
      <p>{t('intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`privacy-${section.id}`}>
          <h2 id={`privacy-${section.id}`} className="section-title">
            {section.title(t)}
          </h2>
          <ul className="legal-list">
            {section
              .text(t, values)
              .split('\n')
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
