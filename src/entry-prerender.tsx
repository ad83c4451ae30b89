/**
 * Build-time entry (a Vite SSR build run by build/vite-prerender-plugin.ts): renders the app as a
 * visitor sees it at a public path, the same tree src/main.tsx hydrates. Lazy pages are waited for
 * (react-dom/static), so the HTML holds the page itself, not its loading spinner.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import '@/lib/i18n';
import App from '@/app/App';

export async function renderPage(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // A component that failed on the server would leave its client-only fallback in the HTML.
  if (errors.length) throw errors[0];
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}
