/**
 * Where a seller who left a form for money goes back to: 去充值 on the publish page (or in a
 * template's publish dialog) sets it, the payment result offers 返回继续发布 to it. Kept in this tab's
 * sessionStorage, like the form's draft (the seller's only: session-store's `drafts`), so a
 * gateway's cashier page on the way does not lose it.
 * Only a path of this app is accepted (never another origin).
 */
import { drafts } from './session-store';

export type ReturnKind = 'publish' | 'publishTemplate';
export interface ReturnPoint {
  path: string;
  kind: ReturnKind;
}

const KEY = 'return-point';
const KINDS: readonly ReturnKind[] = ['publish', 'publishTemplate'];
const isAppPath = (path: unknown): path is string => typeof path === 'string' && /^\/(?![/\\])/.test(path);

export function setReturnPoint(point: ReturnPoint): void {
  if (!isAppPath(point.path)) return;
  try {
    drafts.set(KEY, JSON.stringify(point));
  } catch {
    /* storage full or refused: the way to the top-up still opens, only without the way back */
  }
}

export function readReturnPoint(): ReturnPoint | null {
  try {
    const value = JSON.parse(drafts.get(KEY) ?? 'null') as Partial<ReturnPoint> | null;
    return value && isAppPath(value.path) && KINDS.includes(value.kind as ReturnKind) ? { path: value.path, kind: value.kind! } : null;
  } catch {
    return null;
  }
}

export function clearReturnPoint(): void {
  drafts.remove(KEY);
}
