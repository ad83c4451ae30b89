/** Centered card used by the visitor screens (login, register, reset password). */
import type { ReactNode } from 'react';

export default function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
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
