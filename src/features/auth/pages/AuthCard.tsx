/** Centered card used by the visitor screens (login, register, reset password). */
import { useEffect, type ReactNode } from 'react';

/**
 * Dispatched on the document once the card (and so its form) is hydrated and handles a submit: the
 * prerendered page's start script (scripts/start-after-paint.js) holds a form sent before then and
 * sends it again now.
 */
const FORM_READY_EVENT = 'prerendered-form-ready';

export default function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useEffect(() => {
    document.dispatchEvent(new Event(FORM_READY_EVENT));
  }, []);
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </section>
  );
}
