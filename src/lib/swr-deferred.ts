/**
 * SWR middleware: components receive each answer through React's useDeferredValue.
 *
 * SWR keeps its cache in an external store that React reads with useSyncExternalStore, and React
 * renders every change of such a store synchronously: the whole page that an answer fills (a form,
 * a list of cards) rendered in one long task, blocking input while it ran. Through useDeferredValue the
 * arrival first renders with the previous answer (nothing changes on screen), then React renders the
 * new one in its interruptible lane, in small slices. Data, error and loading state move together, so
 * a component never sees "loaded" without its data. isValidating and mutate stay live.
 */
import { useDeferredValue, useMemo } from 'react';
import type { Middleware, SWRResponse } from 'swr';

export const deferAnswers: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const live = useSWRNext(key, fetcher, config);
  const { data, error, isLoading } = live;
  const answer = useMemo(() => ({ data, error, isLoading }), [data, error, isLoading]);
  const shown = useDeferredValue(answer);
  return {
    data: shown.data,
    error: shown.error,
    isLoading: shown.isLoading,
    get isValidating() {
      return live.isValidating;
    },
    mutate: live.mutate,
  } as SWRResponse;
};
