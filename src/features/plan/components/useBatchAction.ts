/**
 * Runs a stop or delete over chosen plans: toasts what succeeded and, per plan, what did not, then
 * refreshes the list and counts (and the balance, after a stop refunded points) whatever happened.
 */
import { useState } from 'react';
import { refreshCurrentUser } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { revalidatePlans } from '../api';

type BatchResult = { id: number; ok: boolean; message?: string };

export function useBatchAction() {
  const [busy, setBusy] = useState(false);
  async function runBatch<R extends BatchResult>(
    action: () => Promise<{ results: R[] }>,
    doneText: (done: R[]) => string,
    refreshBalance: boolean,
  ): Promise<boolean> {
    setBusy(true);
    try {
      const { results } = await action();
      const done = results.filter((r) => r.ok);
      const failed = results.filter((r) => !r.ok);
      if (done.length) toastSuccess(doneText(done));
      if (failed.length) toastError(failed.map((r) => `#${r.id} ${r.message ?? ''}`).join('；'));
      return true;
    } catch {
      return false; // toasted by the API client
    } finally {
      setBusy(false);
      await Promise.all([refreshBalance ? refreshCurrentUser() : undefined, revalidatePlans()]);
    }
  }
  return { busy, runBatch };
}
