import { useCallback, useSyncExternalStore } from 'react';

/** A phone: narrower than antd's `sm` breakpoint (576 px). */
export const PHONE_QUERY = '(max-width: 575px)';

/** Narrower than antd's `md` breakpoint (768 px): a phone or a small tablet held upright. */
export const NARROW_QUERY = '(max-width: 767px)';

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
