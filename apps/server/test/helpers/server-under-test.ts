import { afterAll, beforeAll, expect } from 'vitest';
import { operationPath, type AnyOperation } from '@portal/shared';
import { hashPassword } from '../../src/modules/auth/password-hash';
import { USERS } from '../../src/seed/demo-data';
import { TEST_CAPTCHA, loginClient } from './login-client';
import { createTestApp, type TestApp } from './test-app';

/** The password of every login a test writes with `addLogin`. */
const TEST_PASSWORD = 'Test1234';

const DEMO_PASSWORDS = new Map(USERS.map((u) => [u.username, u.password]));

export type Client = Awaited<ReturnType<typeof loginClient>>;

/** An operation, a path under the customer prefix (`/user/add`), or a whole path (`/pmobile/...`). */
type Target = AnyOperation | string;

export interface ServerOptions {
  logStream?: NodeJS.WritableStream;
  /** Runs on the new app before the client connects, for what the client's API list must already show. */
  prepare?: (app: TestApp) => Promise<void>;
  /** Names the calls use for a login (`{ maker: 'ins.maker' }`); any other name is the username itself. */
  logins?: Record<string, string>;
  /** The login a call acts as when it names none. */
  caller?: string;
  /** The instant (ISO, with zone) business dates are judged at for every call, until `atBusinessTime` changes it (TEST_CLOCK). */
  businessTime?: string;
}

/**
 * A test file's server: built in beforeAll (captcha fixed, login rate limit out of the way, `env`
 * on top) with one connected client, and closed in afterAll. Calls name a login, which logs in
 * once per file: demo logins with their seeded password, any other with TEST_PASSWORD.
 */
export function serverUnderTest(env: Record<string, string> = {}, options: ServerOptions = {}) {
  let built: { app: TestApp; client: Client } | undefined;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const app = await createTestApp({ TEST_CAPTCHA, TEST_CLOCK: '1', LOGIN_RATE_LIMIT: '1000', LOGIN_USERNAME_LIMIT: '1000', ...env }, { logStream: options.logStream });
    await options.prepare?.(app);
    built = { app, client: await loginClient(app) };
  });
  afterAll(() => built?.app.close());

  const server = () => {
    if (!built) throw new Error('the server is built in beforeAll');
    return built;
  };
  const app = () => server().app;
  const client = () => server().client;
  const db = () => app().stores.database.db;
  const usernameOf = (who: string) => options.logins?.[who] ?? who;

  /** The access token of `who`, logged in on the first ask (with `password` when given); one session per username. */
  async function asUser(who: string, password?: string): Promise<string> {
    const username = usernameOf(who);
    const known = tokens.get(username);
    if (known) return known;
    const token = await client().token(username, password ?? DEMO_PASSWORDS.get(username) ?? TEST_PASSWORD);
    tokens.set(username, token);
    return token;
  }

  /**
   * A new session for `who` (the earlier one ends), which its calls use from now on; logged in
   * as asUser does unless `login` says how (a seat, a device).
   */
  async function relogin(who: string, login?: () => Promise<string>): Promise<string> {
    const username = usernameOf(who);
    tokens.delete(username);
    if (!login) return asUser(who);
    const token = await login();
    tokens.set(username, token);
    return token;
  }

  const pathOf = (target: Target) => {
    const { API_BASE, CUSTOMER_PREFIX, GATEWAY_PREFIX } = app().config;
    if (typeof target !== 'string') return `${API_BASE}${operationPath(target, { customerPrefix: CUSTOMER_PREFIX, gatewayPrefix: GATEWAY_PREFIX })}`;
    return target.startsWith(`${API_BASE}/`) ? target : `${API_BASE}/${CUSTOMER_PREFIX}${target}`;
  };
  const labelOf = (target: Target) => (typeof target === 'string' ? target : target.id);
  const caller = (who: string | undefined) => {
    const name = who ?? options.caller;
    if (!name) throw new Error('the call names no login and the server has no caller');
    return name;
  };

  let businessTime = options.businessTime;
  /** From now on, calls are judged at `instant` (ISO, with zone): their today, value dates and cut-offs; undefined: the app's clock. */
  const atBusinessTime = (instant: string | undefined) => void (businessTime = instant);
  const clockHeader = (): Record<string, string> => (businessTime ? { 'x-test-clock': businessTime } : {});

  /** A session POST by `who`, through the envelope and signed where the operation is. */
  const call = async (target: Target, body: unknown, who?: string, headers: Record<string, string> = {}) =>
    client().call(pathOf(target), body, await asUser(caller(who)), { ...clockHeader(), ...headers });
  /** A body of the signed operation at `target` as `who`'s browser sends it: a fresh challenge of its session, signed (by `privateKey` when given). */
  const signed = async <T extends object>(target: Target, body: T, who?: string, privateKey?: string) =>
    client().signed(pathOf(target), body, await asUser(caller(who)), privateKey);
  /** A session GET by `who` with its query. */
  const get = async (target: Target, query: Record<string, unknown> = {}, who?: string) => client().get(pathOf(target), query, await asUser(caller(who)), clockHeader());
  /** A call expected to succeed: answers its data. */
  const ok = async <T>(target: Target, body: unknown, who?: string, headers: Record<string, string> = {}) => {
    const { res, json, data } = await call(target, body, who, headers);
    expect(res.statusCode, `${labelOf(target)} by ${caller(who)}: ${json.returnMsg}`).toBe(200);
    return data as T;
  };
  /** A call expected to be refused with `status` and, when given, `message`: answers the envelope. */
  const refused = async (target: Target, body: unknown, who: string | undefined, status: number, message?: string) => {
    const { res, json } = await call(target, body, who);
    expect(res.statusCode, `${labelOf(target)} by ${caller(who)}: ${json.returnMsg}`).toBe(status);
    if (message) expect(json.returnMsg).toBe(message);
    return json;
  };
  /** The home page's reminder counts of `who`. */
  const counts = async (who?: string) => (await call('/query/message/reminder', {}, who)).data as Record<string, number>;

  const audits = (event: string) => db().selectFrom('audit_log').selectAll().where('event', '=', event).orderBy('audit_id').execute();
  const roleId = async (code: string) => (await db().selectFrom('roles').select('role_id').where('role_code', '=', code).executeTakeFirstOrThrow()).role_id;

  /** A login with one seat holding `roles`, password TEST_PASSWORD: each business test writes its own people. */
  async function addLogin(username: string, userNo: string, enterpriseNo: string, roles: string[], userType: 'customer' | 'staff' = 'customer') {
    const { user_id } = await db()
      .insertInto('users')
      .values({ username, password_hash: await hashPassword(TEST_PASSWORD), nick_name: username, user_type: userType })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_numbers').values({ user_no: userNo, user_id, enterprise_no: enterpriseNo }).execute();
    for (const code of roles) await db().insertInto('user_number_roles').values({ user_no: userNo, role_id: await roleId(code) }).execute();
    return user_id;
  }

  /** A login that can log in at once (no forced change): its password set straight in the database. */
  const ready = async (username: string, password: string) =>
    db().updateTable('users').set({ password_hash: await hashPassword(password), must_change_password: false }).where('username', '=', username).execute();

  return { app, client, db, asUser, relogin, pathOf, call, signed, get, ok, refused, counts, audits, roleId, addLogin, ready, atBusinessTime };
}
