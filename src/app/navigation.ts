/**
 * After every navigation: scroll to the top unless the user went back/forward
 * (popstate), and refresh the service info.
 */
import { useEffect, useRef } from 'react';
import { refreshServiceInfo } from './service-info';

let wentBack = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    wentBack = true;
  });
}

export function useNavigationEffects(location: string) {
  const first = useRef(true);
  useEffect(() => {
    // The first render is the start, not a navigation: whoever shows the service info loads it.
    if (!first.current) {
      if (!wentBack) window.scrollTo(0, 0);
      void refreshServiceInfo();
    }
    wentBack = false;
    first.current = false;
  }, [location]);
}
