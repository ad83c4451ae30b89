/** Centered card used by the visitor screens (login, register, reset password), with the public pages' footer. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export default function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
      <footer className="public-footer" aria-label={t('footer.label')}>
        <Link href="/privacy" data-testid="footer-privacy">
          {t('footer.privacy')}
        </Link>
      </footer>
    </section>
  );
}
