/** One action of a dialog: busy while it runs, a success toast, then `after`; a failure was already toasted by the API client. */
import { toastSuccess } from '@/lib/toast';
import { useSingleFlight } from '@/lib/single-flight';

export function useRunAction() {
  const [busy, runOne] = useSingleFlight();
  async function run(action: () => Promise<unknown>, doneText: string, after?: () => void) {
    await runOne(async () => {
      try {
        await action();
        toastSuccess(doneText);
        after?.();
      } catch {
        /* toasted by the API client */
      }
    });
  }
  return { busy, run };
}
