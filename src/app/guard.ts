/**
 * Route guard rules.
 * Visitors may open only /login, /find-pwd, /register, /smi, /sui and /privacy (and their sub-paths); every
 * other path sends them to /login, remembering the page they asked for. Logged-in users pass,
 * except on the visitor-only forms (/login, /register, /find-pwd), which send them home (replace).
 */
export const VISITOR_PATHS = ['/login', '/find-pwd', '/register', '/smi', '/sui', '/privacy'] as const;

export function isVisitorPath(pathname: string): boolean {
  return VISITOR_PATHS.some((base) => under(pathname, base));
}

/** Pages only for visitors: a signed-in user has nothing to do there. */
export const VISITOR_ONLY_PATHS = ['/login', '/register', '/find-pwd'] as const;

export type GuardDecision = { kind: 'pass' } | { kind: 'redirect'; to: '/login'; remember: string } | { kind: 'redirect'; to: '/' };

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

export function decideGuard(pathname: string, search: string, loggedIn: boolean): GuardDecision {
  if (loggedIn) return VISITOR_ONLY_PATHS.some((base) => under(pathname, base)) ? { kind: 'redirect', to: '/' } : { kind: 'pass' };
  if (isVisitorPath(pathname)) return { kind: 'pass' };
  return { kind: 'redirect', to: '/login', remember: `${pathname}${search ? `?${search.replace(/^\?/, '')}` : ''}` };
}

/** `/smi/{id}` and `/sui/{id}`: the invite id, or null for other paths. */
export function inviteIdFromPath(pathname: string): string | null {
  const match = /^\/(?:smi|sui)\/([^/?#]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** /admin and below: the operator console (signed-in users only; the server decides the role). */
export const isConsolePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
