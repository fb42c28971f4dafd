import { useCallback, useState } from 'react';
import { useMediaQuery } from '../../lib/media-query';

/** Spec §3 "Sidebar state": an opened flag kept in a cookie (1 open, 0 closed). */
const COOKIE = 'sidebarStatus';
/** Spec §9: cookies last 1 day. */
export const COOKIE_MAX_AGE_SECONDS = 86_400;
/** Spec §9: below 992 px the layout is mobile. */
const MOBILE_QUERY = '(max-width: 991.98px)';

function readOpened(): boolean {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return entry ? entry.slice(COOKIE.length + 1) !== '0' : true;
}

export function useSidebar() {
  const [opened, setOpened] = useState(readOpened);
  const toggle = useCallback(() => {
    setOpened((was) => {
      const next = !was;
      document.cookie = `${COOKIE}=${next ? 1 : 0}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Strict`;
      return next;
    });
  }, []);
  return { opened, toggle };
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
