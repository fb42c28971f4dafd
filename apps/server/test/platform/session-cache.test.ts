import { describe, expect, it } from 'vitest';
import { serverUnderTest } from '../helpers/server-under-test';

const P = '/pmobile/customer';

/**
 * Sessions are cached per instance (SESSION_CACHE_MS), here for a whole minute so that only the
 * revocation, never the expiry of the copy, can explain a refusal.
 */
describe('the session cache on one instance', () => {
  const { app, client } = serverUnderTest({ SESSION_CACHE_MS: '60000' });

  const currentUser = async (token: string) =>
    (await app().inject({ method: 'GET', url: `${P}/current/user`, headers: { ...client().envelope.headers, authorization: `Bearer ${token}` } }))
      .statusCode;
  /** Logs in and uses the session twice, so a copy is certainly cached. */
  const cachedSession = async (username: string, password: string) => {
    const token = await client().token(username, password);
    expect(await currentUser(token)).toBe(200);
    expect(await currentUser(token)).toBe(200);
    return token;
  };

  it('refuses a session at once after logout', async () => {
    const token = await cachedSession('demo', 'Demo1234');
    expect((await client().call('/pmobile/admin/logout/token', { token }, token)).json.returnCode).toBe('000000');
    expect(await currentUser(token)).toBe(401);
  });

  it('refuses the earlier session at once when the same seat logs in again', async () => {
    const first = await cachedSession('checker', 'Demo1234');
    const second = await cachedSession('checker', 'Demo1234');
    expect(await currentUser(first)).toBe(401);
    expect(await currentUser(second)).toBe(200);
  });

  it('refuses the old session at once after an enterprise switch', async () => {
    const token = await cachedSession('demo', 'Demo1234');
    const switched = await client().call(`${P}/user/enterprise/switch`, { userNo: 'U100000301' }, token);
    expect(switched.json.returnCode).toBe('000000');
    expect(await currentUser(token)).toBe(401);
  });

  it('still judges idle and absolute expiry on a cached session', async () => {
    const idle = await cachedSession('demo', 'Demo1234');
    app().clock.advance((app().config.SESSION_IDLE_MINUTES + 1) * 60_000);
    expect(await currentUser(idle)).toBe(401);
    const absolute = await cachedSession('demo', 'Demo1234');
    // Active every 20 minutes: never idle, yet past the absolute limit in the end.
    for (let elapsed = 0; elapsed <= app().config.SESSION_ABSOLUTE_HOURS * 60; elapsed += 20) {
      app().clock.advance(20 * 60_000);
      if ((await currentUser(absolute)) === 401) break;
    }
    expect(await currentUser(absolute)).toBe(401);
  });

  it('shows a profile update at once', async () => {
    const token = await cachedSession('demo', 'Demo1234');
    const update = await client().call(`${P}/current/user/update`, { nickName: '缓存之后', userDesc: '', avatar: '' }, token);
    expect(update.json.returnCode).toBe('000000');
    const res = await app().inject({ method: 'GET', url: `${P}/current/user`, headers: { ...client().envelope.headers, authorization: `Bearer ${token}` } });
    expect(res.json().data.nickName).toBe('缓存之后');
  });

  // Last: it changes demo's password, which the tests above log in with.
  it('refuses the person\'s other sessions at once when the password is changed (revokeUser)', async () => {
    // demo holds two seats: the change made from one ends the cached session of the other.
    const other = await cachedSession('demo', 'Demo1234');
    const login = await client().attempt('demo', 'Demo1234', { userNo: 'U100000301' });
    const token = (login.data as { access_token: string }).access_token;
    const { confirmPassword, ...fields } = await client().changeFields('Demo1234', 'Jade2026x');
    const changed = await client().call(`${P}/userPassword/update`, { username: 'demo', ...fields, newPasswordConfirm: confirmPassword }, token);
    expect(changed.json.returnCode).toBe('000000');
    expect(await currentUser(other)).toBe(401);
    expect(await currentUser(token)).toBe(200);
  });
});
