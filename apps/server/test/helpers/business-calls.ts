import { expect } from 'vitest';
import type { AnyOperation } from '@portal/shared';
import { hashPassword } from '../../src/modules/auth/password-hash';
import type { loginClient } from './login-client';
import type { TestApp } from './test-app';

type Client = Awaited<ReturnType<typeof loginClient>>;

/** A login with one seat holding `roles`, password Test1234: each business test writes its own people. */
export async function addLogin(app: TestApp, username: string, userNo: string, enterpriseNo: string, roles: string[], userType: 'customer' | 'staff' = 'customer') {
  const db = app.stores.database.db;
  const { user_id } = await db
    .insertInto('users')
    .values({ username, password_hash: await hashPassword('Test1234'), nick_name: username, user_type: userType })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_numbers').values({ user_no: userNo, user_id, enterprise_no: enterpriseNo }).execute();
  for (const code of roles) {
    const { role_id } = await db.selectFrom('roles').select('role_id').where('role_code', '=', code).executeTakeFirstOrThrow();
    await db.insertInto('user_number_roles').values({ user_no: userNo, role_id }).execute();
  }
  return user_id;
}

/**
 * Calls of a feature's operations by named logins (`tokens[who]`), through the envelope and
 * signed where the operation is: `ok` expects success and answers its data, `refused` the status
 * and, when given, the message.
 */
export function businessCalls(client: () => Client, tokens: Record<string, string>) {
  const pathOf = (op: AnyOperation) => `/pmobile${op.path.replace('{prefix}', 'customer')}`;
  const call = (op: AnyOperation, body: unknown, who: string, headers: Record<string, string> = {}) => client().call(pathOf(op), body, tokens[who]!, headers);
  const ok = async <T>(op: AnyOperation, body: unknown, who: string, headers: Record<string, string> = {}) => {
    const { res, json, data } = await call(op, body, who, headers);
    expect(res.statusCode, `${op.id} by ${who}: ${json.returnMsg}`).toBe(200);
    return data as T;
  };
  const refused = async (op: AnyOperation, body: unknown, who: string, status: number, message?: string) => {
    const { res, json } = await call(op, body, who);
    expect(res.statusCode, `${op.id} by ${who}: ${json.returnMsg}`).toBe(status);
    if (message) expect(json.returnMsg).toBe(message);
    return json;
  };
  const counts = async (who: string) => (await client().call('/pmobile/customer/query/message/reminder', {}, tokens[who]!)).data as Record<string, number>;
  return { pathOf, call, ok, refused, counts };
}
