import { useCallback, useSyncExternalStore } from 'react';

/** A phone: narrower than antd's `sm` breakpoint (576 px). */
export const PHONE_QUERY = '(max-width: 575px)';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
