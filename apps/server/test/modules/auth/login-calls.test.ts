import { describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { RETURN_CODES, accountsApi, authApi, loginSigningString, signingApi, type AnyOperation, type UserProduct } from '@portal/shared';
import { serverUnderTest } from '../../helpers/server-under-test';

// Spec §7 calls of issue 22: user/initial/password, VerifySign/Login, productGroup/initUserProductsLinks.

const pathOf = (op: AnyOperation) => `/pmobile${op.path.replace('{prefix}', 'customer')}`;

describe('user/initial/password: the first-time change', () => {
  const { app, client, db } = serverUnderTest();
  const ticket = async (username: string, password: string) => {
    const { json, data } = await client().attempt(username, password);
    if (json.returnCode !== RETURN_CODES.MUST_CHANGE_PASSWORD.code) throw new Error(`expected 040007, got ${json.returnCode}`);
    return (data as { changeTicket: string }).changeTicket;
  };
  /** `{username, oldPassword, newPassword}` sealed like the forced change's, without the confirmation. */
  const initial = async (username: string, changeTicket: string, oldPassword: string, newPassword: string) => {
    const { confirmPassword: _c, confirmClientRandom: _r, ...fields } = await client().changeFields(oldPassword, newPassword);
    return client().envelope.post(pathOf(authApi.initialPassword), { username, changeTicket, ...fields });
  };

  it('is public, encrypted, rate-limited and refuses plaintext', async () => {
    expect(authApi.initialPassword.defaults).toMatchObject({ isEncrypt: 1, isAuth: 0, isOpen: 0 });
    expect(authApi.initialPassword.pinned).toContain('encrypted');
    expect(authApi.initialPassword.rateLimit).toBe('login');
    const plain = await app().inject({
      method: 'POST',
      url: pathOf(authApi.initialPassword),
      payload: { username: 'newuser' },
      headers: { ...client().envelope.headers, 'content-type': 'application/json' },
    });
    expect(plain.json().returnCode).toBe(RETURN_CODES.PLAINTEXT_REFUSED.code);
  });

  it('refuses without the change ticket of a 040007 login of the same user, checking no password', async () => {
    const made = Buffer.from(c.randomHex(32), 'hex').toString('base64url');
    expect((await initial('newuser', made, 'Init1234', 'Abcd12345')).json.returnCode).toBe(RETURN_CODES.CHANGE_TICKET_INVALID.code);
    const sunli = await ticket('sunli', 'Init1234');
    expect((await initial('newuser', sunli, 'Init1234', 'Abcd12345')).json.returnCode).toBe(RETURN_CODES.CHANGE_TICKET_INVALID.code);
    const row = await db().selectFrom('users').select('failed_attempts').where('username', '=', 'newuser').executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(0);
  });

  it('applies the new-password rules and the old password with its attempts left, like the forced change', async () => {
    expect((await initial('newuser', await ticket('newuser', 'Init1234'), 'Init1234', 'short1')).json.returnMsg).toBe('长度8到12个字符');
    expect((await initial('newuser', await ticket('newuser', 'Init1234'), 'Init1234', 'Init1234')).json.returnMsg).toBe('新密码不能与最近12次使用过的密码相同');
    const wrong = await initial('newuser', await ticket('newuser', 'Init1234'), 'Wrong1234', 'Abcd12345');
    expect(wrong.json).toMatchObject({ returnCode: RETURN_CODES.OLD_PASSWORD_WRONG.code, returnMsg: '原密码错误，还可尝试4次' });
  });

  it('changes an initial password: the new one logs in, the old one no longer does', async () => {
    const res = await initial('newuser', await ticket('newuser', 'Init1234'), 'Init1234', 'Abcd12345');
    expect(res.json.returnCode, res.json.returnMsg).toBe('000000');
    expect((await client().attempt('newuser', 'Init1234')).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    expect((await client().attempt('newuser', 'Abcd12345')).json.returnCode).toBe('000000');
    const audit = await db().selectFrom('audit_log').select('outcome').where('event', '=', 'password.force_change').where('username', '=', 'newuser').execute();
    expect(audit.map((a) => a.outcome)).toContain('success');
  });

  it('refuses a password that is only expired: that one changes by the forced change', async () => {
    await db().updateTable('users').set({ password_changed_at: new Date(Date.now() - 91 * 86_400_000) }).where('username', '=', 'newuser').execute();
    const res = await initial('newuser', await ticket('newuser', 'Abcd12345'), 'Abcd12345', 'Bcde23456');
    expect(res.json).toMatchObject({ returnCode: RETURN_CODES.PASSWORD_NOT_INITIAL.code, returnMsg: RETURN_CODES.PASSWORD_NOT_INITIAL.message });
    expect((await client().attempt('newuser', 'Abcd12345')).json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);
  });
});

describe('VerifySign/Login: the login signature checked without a login', () => {
  const { client, db } = serverUnderTest();
  const PATH = pathOf(signingApi.verifyLogin);
  const body = async (username: string, overrides: { random?: string; signWith?: string } = {}) => {
    const random = overrides.random ?? (await client().random());
    const randomClient = c.randomHex(16);
    const signMsg = c.toBase64(await c.sm2Sign(overrides.signWith ?? client().device.privateKey, c.utf8Encode(loginSigningString(username, random, randomClient, '0'))));
    return { username, loginType: '0', random, randomClient, key: client().device.publicKey, signMsg };
  };

  it('is public and encrypted, and answers the signing data the server built', async () => {
    expect(signingApi.verifyLogin.defaults).toMatchObject({ isEncrypt: 1, isAuth: 0 });
    const input = await body('demo');
    const res = await client().envelope.post(PATH, input);
    expect(res.json.returnCode, res.json.returnMsg).toBe('000000');
    expect(res.data).toEqual({ code: 'Login', signingData: `demo|${input.random}|${input.randomClient}|0` });
  });

  it('spends nothing: the same random then logs in', async () => {
    const input = await body('demo');
    expect((await client().envelope.post(PATH, input)).json.returnCode).toBe('000000');
    expect((await client().attempt('demo', 'Demo1234', { random: input.random })).json.returnCode).toBe('000000');
    // Now spent by the login.
    expect((await client().envelope.post(PATH, input)).json.returnCode).toBe(RETURN_CODES.RANDOM_INVALID.code);
  });

  it('refuses another signer, another name and a random never issued, and answers alike for any name', async () => {
    const stranger = await c.sm2GenerateKeyPair();
    expect((await client().envelope.post(PATH, await body('demo', { signWith: stranger.privateKey }))).json.returnCode).toBe(RETURN_CODES.SIGNATURE_INVALID.code);
    const renamed = { ...(await body('demo')), username: 'checker' };
    expect((await client().envelope.post(PATH, renamed)).json.returnCode).toBe(RETURN_CODES.SIGNATURE_INVALID.code);
    expect((await client().envelope.post(PATH, await body('demo', { random: c.randomHex(16) }))).json.returnCode).toBe(RETURN_CODES.RANDOM_INVALID.code);
    const unknown = await client().envelope.post(PATH, await body('nosuchuser'));
    expect(unknown.json.returnCode).toBe('000000');
    const bad = await client().envelope.post(PATH, { ...(await body('demo')), key: '04abc' });
    expect(bad.res.statusCode).toBe(400);
    // No password was read, so nothing was counted.
    const row = await db().selectFrom('users').select('failed_attempts').where('username', '=', 'checker').executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(0);
  });
});

describe('productGroup/initUserProductsLinks: the products of the caller’s seat', () => {
  const { client, db } = serverUnderTest();
  const PATH = pathOf(accountsApi.userProductsLinks);

  /** What the seat's rights on used e-banking accounts come to, product by product, read straight from the tables. */
  async function expected(userNo: string): Promise<UserProduct[]> {
    const rows = await db()
      .selectFrom('account_auth as a')
      .innerJoin('ebank_accounts as e', 'e.account_no', 'a.account_no')
      .innerJoin('custody_accounts as c', 'c.account_no', 'a.account_no')
      .select(['c.product_code', 'c.product_name', 'e.used', 'a.can_query', 'a.can_entry', 'a.can_review'])
      .where('a.user_no', '=', userNo)
      .execute();
    const byProduct = new Map<string, UserProduct>();
    for (const r of rows.filter((row) => row.used === 1)) {
      const key = `${r.product_code}\u0000${r.product_name}`;
      const p = byProduct.get(key) ?? { productCode: r.product_code, productName: r.product_name, accountCount: 0, canQuery: false, canEntry: false, canReview: false };
      byProduct.set(key, { ...p, accountCount: p.accountCount + 1, canQuery: p.canQuery || r.can_query, canEntry: p.canEntry || r.can_entry, canReview: p.canReview || r.can_review });
    }
    return [...byProduct.values()].sort((a, b) => (a.productCode === b.productCode ? a.productName.localeCompare(b.productName) : a.productCode < b.productCode ? -1 : 1));
  }

  it('lists the products of the seat’s rights, with the accounts and what it may do', async () => {
    const token = await client().token('demo', 'Demo1234');
    const res = await client().call(PATH, {}, token);
    expect(res.json.returnCode, res.json.returnMsg).toBe('000000');
    const products = res.data as UserProduct[];
    expect(products.length).toBeGreaterThan(0);
    expect(products).toEqual(await expected('U100000101'));
    expect(products.every((p) => p.canQuery && p.canEntry && !p.canReview)).toBe(true);
  });

  it('drops a forbidden account, and a seat without rights gets an empty list', async () => {
    const token = await client().token('demo', 'Demo1234');
    const before = (await client().call(PATH, {}, token)).data as UserProduct[];
    const one = await db().selectFrom('account_auth').select('account_no').where('user_no', '=', 'U100000101').orderBy('account_no').executeTakeFirstOrThrow();
    await db().updateTable('ebank_accounts').set({ used: 0 }).where('account_no', '=', one.account_no).execute();
    const after = (await client().call(PATH, {}, token)).data as UserProduct[];
    const total = (list: UserProduct[]) => list.reduce((n, p) => n + p.accountCount, 0);
    expect(total(after)).toBe(total(before) - 1);
    await db().updateTable('ebank_accounts').set({ used: 1 }).where('account_no', '=', one.account_no).execute();

    // The enterprise's administrator holds no account rights of its own.
    const none = await client().token('qyadmin', 'Demo1234');
    expect((await client().call(PATH, {}, none)).data).toEqual([]);
  });

  it('answers for the enterprise of the session only: the other seat of the same person sees its own', async () => {
    const first = (await client().call(PATH, {}, await client().token('demo', 'Demo1234'))).data as UserProduct[];
    const other = await client().attempt('demo', 'Demo1234', { userNo: 'U100000301' });
    const token = (other.data as { access_token: string }).access_token;
    const second = (await client().call(PATH, {}, token)).data as UserProduct[];
    expect(second).toEqual(await expected('U100000301'));
    const ownCodes = new Set((await db().selectFrom('custody_accounts').select('product_code').where('enterprise_no', '=', '1000000003').execute()).map((r) => r.product_code));
    expect(second.every((p) => ownCodes.has(p.productCode))).toBe(true);
    expect(second).not.toEqual(first);
  });

  it('refuses no token (401) and a bank staff session (403)', async () => {
    expect((await client().envelope.post(PATH, {})).res.statusCode).toBe(401);
    const staff = await client().token('admin', 'Admin1234');
    expect((await client().call(PATH, {}, staff)).res.statusCode).toBe(403);
  });

});
