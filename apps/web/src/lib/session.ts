import { queryOptions } from '@tanstack/react-query';
import { CUSTOMER_PREFIX, http } from './http';

/** Spec §3 "Session user" as `current/user` returns it. */
export interface SessionUser {
  userName: string;
  userId: number;
  userNo: string;
  nickName: string;
  branchCode: string;
  avatar: string;
  userDesc: string;
  mobile: string;
  email: string;
  enterpriseNo: string;
  enterpriseName: string;
  access: string[];
  userNoList: { userNo: string; enterpriseNo: string; enterpriseName: string }[];
}

/** Spec §2 "Dynamic routes": a menu item as `current/user/menu` returns it. */
export interface MenuItem {
  menuId: number;
  parentId: number;
  menuCode: string;
  menuName: string;
  path: string;
  scheme: string;
  target: string;
  icon: string;
  status: number;
}

// Loaded once per page session (spec §2 guard): they change only at login and switch, both of which reload.
export const currentUserQuery = queryOptions({
  queryKey: ['session', 'user'],
  queryFn: () => http.get<SessionUser>(`/${CUSTOMER_PREFIX}/current/user`),
  staleTime: Infinity,
  gcTime: Infinity,
});

export const currentMenuQuery = queryOptions({
  queryKey: ['session', 'menu'],
  queryFn: () => http.get<MenuItem[]>(`/${CUSTOMER_PREFIX}/current/user/menu`),
  staleTime: Infinity,
  gcTime: Infinity,
});
