import { queryOptions } from '@tanstack/react-query';
import { sessionApi } from '@portal/shared';
import { http, sessionKey } from './http';

export type { MenuItem, SessionUser } from '@portal/shared';

// Loaded once per page session (spec §2 guard): they change only at login and switch, both of which reload.
export const currentUserQuery = queryOptions({
  queryKey: ['session', 'user'],
  queryFn: () => http.call(sessionApi.currentUser),
  staleTime: Infinity,
  gcTime: Infinity,
});

export const currentMenuQuery = queryOptions({
  queryKey: ['session', 'menu'],
  queryFn: () => http.call(sessionApi.currentUserMenu),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The envelope's session key, negotiated once per page session before any sealed call. */
export const sessionKeyQuery = queryOptions({
  queryKey: ['session', 'key'],
  queryFn: () => sessionKey().then(() => true),
  staleTime: Infinity,
});

/** `enterpriseSwitch`: ends this session so the user logs into the chosen seat. */
export const switchEnterprise = (userNo: string) => http.call(sessionApi.enterpriseSwitch, { userNo });
