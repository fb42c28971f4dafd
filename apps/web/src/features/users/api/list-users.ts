import { usersApi, type UserRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { usersKey } from './keys';

export const userListKey = [...usersKey, 'list'] as const;

type Query = z.input<typeof usersApi.userQuerySchema>;

/**
 * One page of `userList` (a row per seat) for the DataTable: staff see every enterprise's seats,
 * an enterprise's administrator its own enterprise's (the server decides).
 */
export const fetchUserPage: FetchPage<UserRecord> = (params) => http.call(usersApi.userList, params as Query);
