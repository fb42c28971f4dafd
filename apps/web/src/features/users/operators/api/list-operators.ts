import { usersApi, type UserRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../../components/data-table';
import { http } from '../../../../lib/http';
import { operatorAdminKey } from './keys';

export const operatorsKey = [...operatorAdminKey, 'operators'] as const;

type Query = z.input<typeof usersApi.userQuerySchema>;

/** One page of `userList`: the server answers the seats of the administrator's own enterprise only. */
export const fetchOperatorPage: FetchPage<UserRecord> = (params) => http.call(usersApi.userList, params as Query);
