/** One action of a dialog: busy while it runs, a success toast, then `after` with the action's answer; a failure was already toasted by the API client. */
import { toastSuccess } from '@/lib/toast';
import { useSingleFlight } from '@/lib/single-flight';

export function useRunAction() {
  const [busy, runOne] = useSingleFlight();
  async function run<T>(action: () => Promise<T>, doneText: string, after?: (result: T) => void) {
    await runOne(async () => {
      try {
        const result = await action();
        toastSuccess(doneText);
        after?.(result);
      } catch {
        /* toasted by the API client */
      }
    });
  }
  return { busy, run };
}
