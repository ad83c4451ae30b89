/**
 * Whether the app talks to a staging server (the API started with STAGING=1: production code
 * against vendor stand-ins, `npm run staging`). Every API answer of such a server carries
 * `X-Deployment-Stage: staging`; the one API client (./api.ts) hands each answer here, and the
 * layout shows the staging banner while the last answer said so. The flag is kept for the tab
 * (sessionStorage), so a reload shows the banner before its first answer. Production answers carry
 * no such header: nothing is shown, nothing is requested for it.
 */
import { useSyncExternalStore } from 'react';

export const DEPLOYMENT_STAGE_HEADER = 'X-Deployment-Stage';
const KEY = 'deploymentStage';

function readKept(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'staging';
  } catch {
    return false;
  }
}

let staging = typeof window === 'undefined' ? false : readKept();
const listeners = new Set<() => void>();

/** Reads the stage an API answer names (answers from the service worker's cache name the stage they were made on). */
export function noteDeploymentStage(response: Pick<Response, 'headers'>): void {
  const now = response.headers.get(DEPLOYMENT_STAGE_HEADER) === 'staging';
  if (now === staging) return;
  staging = now;
  try {
    if (now) sessionStorage.setItem(KEY, 'staging');
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the banner follows the answers only */
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while the server says it is staging; false during hydration (the prerendered HTML has no banner). */
export const useIsStaging = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => staging,
    () => false,
  );
