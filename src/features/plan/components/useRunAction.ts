/** One action of a dialog: busy while it runs, a success toast, then `after`; a failure was already toasted by the API client. */
import { useState } from 'react';
import { toastSuccess } from '@/lib/toast';

export function useRunAction() {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, doneText: string, after?: () => void) {
    setBusy(true);
    try {
      await action();
      toastSuccess(doneText);
      after?.();
    } catch {
      /* toasted by the API client */
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
