/**
 * A draft belongs to whoever typed it: logging out drops it, another account signing in on the
 * same tab never sees it (nor the return point after a top-up), the same seller signing in again
 * after an expired session finds it, and a visitor's draft is taken over by whoever signs in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession, type UserInfo } from '@/lib/session';
import { readReturnPoint, setReturnPoint } from '@/lib/return-point';
import { testUser } from '@/test/user';
import { initialFlowForm } from './form';
import { loadDraft, saveDraft } from './draft';

const seller = (phone: string): UserInfo => ({ ...testUser, phone });
const sellerA = seller('13800000001');
const sellerB = seller('13800000002');
const formOfA = { ...initialFlowForm('2026-03-11'), title: 'A 的商品', keywords: ['A 的关键词'] };

function typeAsA() {
  setSession('token-a', sellerA);
  saveDraft('tb', formOfA);
  setReturnPoint({ path: '/flow/tb', kind: 'publish' });
}

afterEach(() => {
  clearSession();
  sessionStorage.clear();
});

describe('drafts and the return point belong to who typed them', () => {
  it('are gone after a logout: the next account on the tab starts afresh', () => {
    typeAsA();
    clearSession();
    expect(loadDraft('tb')).toBeNull();
    expect(readReturnPoint()).toBeNull();
    setSession('token-b', sellerB);
    expect(loadDraft('tb')).toBeNull();
    expect(readReturnPoint()).toBeNull();
  });

  it('after an expired session: hidden from a visitor and another account, back for the same seller', () => {
    typeAsA();
    clearSession({ keepDrafts: true }); // a 401: the seller may sign in again and go on
    expect(loadDraft('tb')).toBeNull();
    expect(readReturnPoint()).toBeNull();
    setSession('token-a2', sellerA);
    expect(loadDraft('tb')).toMatchObject({ title: 'A 的商品', keywords: ['A 的关键词'] });
    expect(readReturnPoint()).toEqual({ path: '/flow/tb', kind: 'publish' });

    clearSession({ keepDrafts: true });
    setSession('token-b', sellerB);
    expect(loadDraft('tb')).toBeNull();
    expect(readReturnPoint()).toBeNull();
    clearSession({ keepDrafts: true });
    setSession('token-a3', sellerA);
    expect(loadDraft('tb')).toBeNull(); // dropped when B signed in, not merely hidden
  });

  it("a visitor's draft is taken over by whoever signs in", () => {
    saveDraft('tb', formOfA);
    setSession('token-b', sellerB);
    expect(loadDraft('tb')).toMatchObject({ title: 'A 的商品' });
  });
});
