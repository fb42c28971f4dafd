import { usersApi, type UserRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../../components/data-table';
import { http } from '../../../../lib/http';

/** Prefix of every user query (list and detail); the writes invalidate it. */
export const usersKey = ['user-admin', 'users'] as const;

type Query = z.input<typeof usersApi.userQuerySchema>;

/** One page of `userList` (a row per seat) for the DataTable. */
export const fetchUserPage: FetchPage<UserRecord> = (params) => http.call(usersApi.userList, params as Query);
