import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { OPERATIONS, RETURN_CODES, authApi, signingApi, signingDataToSend, usersApi, type AnyOperation } from '@portal/shared';
import { opensslStatus, sm2PublicPem } from '../../../../../packages/crypto/test/helpers';
import { hashPassword } from '../../../src/modules/auth/password-hash';
import { loginClient } from '../../helpers/login-client';
import { serverUnderTest } from '../../helpers/server-under-test';

const P = '/pmobile/customer';
const VECTORS = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/signing-vectors.json'), 'utf8')) as {
  privateKey: string;
  publicKey: string;
  vectors: { operation: string; call: string; input: Record<string, unknown>; signingData: string; signMsg: string }[];
};

describe('signed operations', () => {
  const { app, client, db, asUser, relogin, call, signed, audits, roleId } = serverUnderTest({}, { caller: 'admin' });
  /** demo's seat of 1000000001, made its enterprise's administrator (account rights) once (an earlier test switched demo's default seat). */
  const demoAdmin = async (browser: Awaited<ReturnType<typeof loginClient>>) => {
    const role = await roleId('CUSTOMER_ADMIN');
    await db().insertInto('user_number_roles').values({ user_no: 'U100000101', role_id: role }).onConflict((oc) => oc.doNothing()).execute();
    return ((await browser.attempt('demo', 'Demo1234', { userNo: 'U100000101' })).data as { access_token: string }).access_token;
  };
  /** Signing data without its trailing single-use challenge. */
  const layoutPart = (data: string) => data.replace(/\|[0-9a-f]{32}$/, '');
  /** A key that is not the session's: what a thief of the token, but not of the browser, holds. */
  let stranger: string;

  const deviceKeyOf = async (token: string) => {
    const hash = c.toHex(await c.sha256(c.utf8Encode(token)));
    return (await db().selectFrom('sessions').select('device_key').where('token_hash', '=', hash).executeTakeFirstOrThrow()).device_key;
  };
  /** Everything a user operation could touch, to show that a refusal touched nothing. */
  const snapshot = async () => ({
    users: await db().selectFrom('users').select(['user_id', 'username', 'nick_name', 'status', 'password_hash', 'locked_at', 'failed_attempts']).orderBy('user_id').execute(),
    seats: await db().selectFrom('user_numbers').selectAll().orderBy('user_no').execute(),
    roles: await db().selectFrom('user_number_roles').selectAll().orderBy('user_no').orderBy('role_id').execute(),
  });

  beforeAll(async () => {
    await asUser('admin');
    stranger = (await c.sm2GenerateKeyPair()).privateKey;
  });

  describe('the session’s device key', () => {
    it('is the key that signed the login, for staff and customers, and after an enterprise switch', async () => {
      expect(await deviceKeyOf(await asUser('admin'))).toBe(client().device.publicKey);
      const other = await loginClient(app());
      const demo = await other.token('demo', 'Demo1234');
      expect(await deviceKeyOf(demo)).toBe(other.device.publicKey);

      expect((await other.call(`${P}/user/enterprise/switch`, { userNo: 'U100000301' }, demo)).json.returnCode).toBe('000000');
      const { data } = await other.attempt('demo', 'Demo1234', { userNo: 'U100000301' });
      expect(await deviceKeyOf((data as { access_token: string }).access_token)).toBe(other.device.publicKey);
    });

    it('is recorded by the login after a forced password change', async () => {
      const browser = await loginClient(app());
      const first = await browser.attempt('newuser', 'Init1234');
      expect(first.json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);
      const changeTicket = (first.json.data as { changeTicket: string }).changeTicket;
      const fields = await browser.changeFields('Init1234', 'Newpass12');
      const forced = await browser.envelope.post(`${P}/userPassword/force/update`, { username: 'newuser', changeTicket, ...fields });
      expect(forced.json.returnCode).toBe('000000');
      expect(await deviceKeyOf(await browser.token('newuser', 'Newpass12'))).toBe(browser.device.publicKey);
    });
  });

  describe('user/add', () => {
    const body = () => ({ username: 'sign.test', nickName: '签名测试', enterpriseNo: '1000000001', mobile: '13900002222' });

    it('refuses a missing or malformed signature with its own code, before anything else, writing nothing', async () => {
      const before = await snapshot();
      const missing = await call('/user/add', { ...body(), signMsg: undefined });
      expect(missing.res.statusCode).toBe(400);
      expect(missing.json).toMatchObject({ returnCode: RETURN_CODES.SIGN_MISSING.code, returnMsg: '缺少操作签名（signMsg），请重新提交' });
      // Even with another field wrong: the signature is judged first.
      expect((await call('/user/add', { ...body(), username: '1', signMsg: '' })).json.returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);
      for (const signMsg of ['not base64!', 'QUJ', 'A'.repeat(200), 42]) {
        const malformed = await call('/user/add', { ...body(), signMsg });
        expect(malformed.json, JSON.stringify(signMsg)).toMatchObject({ returnCode: RETURN_CODES.SIGN_MALFORMED.code, returnMsg: RETURN_CODES.SIGN_MALFORMED.message });
      }
      // Base64 that is no DER signature at all.
      expect((await call('/user/add', { ...body(), signMsg: 'QUJDRA==' })).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a signature by another key than the login’s, and one over other data, writing nothing but the refusal', async () => {
      const before = await snapshot();
      const byStranger = await call('/user/add', await signed('/user/add', body(), undefined, stranger));
      expect(byStranger.res.statusCode).toBe(400);
      expect(byStranger.json).toMatchObject({ returnCode: RETURN_CODES.SIGN_INVALID.code, returnMsg: RETURN_CODES.SIGN_INVALID.message });

      // Signed as 签名测试, sent as 改过的: the data no longer matches.
      const tampered = await call('/user/add', { ...(await signed('/user/add', body())), nickName: '改过的' });
      expect(tampered.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      expect(await snapshot()).toEqual(before);

      const refusals = await audits('user.add');
      expect(refusals.slice(-2).map((a) => [a.outcome, (a.detail as { reason: string }).reason])).toEqual([
        ['failure', RETURN_CODES.SIGN_INVALID.message],
        ['failure', RETURN_CODES.SIGN_INVALID.message],
      ]);
    });

    it('performs a validly signed addition and keeps the signature in its audit entry, checkable from the log alone', async () => {
      const added = await call('/user/add', body());
      expect(added.json.returnCode).toBe('000000');
      const entry = (await audits('user.add')).at(-1)!;
      expect(entry.outcome).toBe('success');
      const signature = (entry.detail as { signature: { code: string; data: string; signMsg: string; deviceKey: string; device: string } }).signature;
      expect(signature).toMatchObject({
        code: 'UserAdd',
        data: expect.stringMatching(/^UserAdd\|sign\.test\|签名测试\|1000000001\|\[\]\|13900002222\|\|\|\|[0-9a-f]{32}$/),
        deviceKey: client().device.publicKey,
        device: client().device.publicKey.slice(0, 18),
      });
      expect(await c.sm2Verify(signature.deviceKey, c.utf8Encode(signature.data), c.fromBase64(signature.signMsg))).toBe(true);
    });
  });

  it('refuses a session with no device key (from before signing) until it logs in again', async () => {
    const other = await loginClient(app());
    const token = await other.token('admin', 'Admin1234');
    const hash = c.toHex(await c.sha256(c.utf8Encode(token)));
    await db().updateTable('sessions').set({ device_key: null }).where('token_hash', '=', hash).execute();
    const res = await other.call(`${P}/user/delete`, { userNo: 'U100000102' }, token);
    expect(res.json).toMatchObject({ returnCode: RETURN_CODES.SIGN_KEY_UNKNOWN.code, returnMsg: '当前登录未记录签名设备密钥，请重新登录后再试' });
    expect(await db().selectFrom('user_numbers').select('user_no').where('user_no', '=', 'U100000102').executeTakeFirst()).toBeDefined();
    await relogin('admin');
  });

  it('refuses signing data over 1,024 characters with the spec message, on the operation and on its VerifySign call', async () => {
    // 100 seats in a role: the list alone is over 1,100 characters.
    const users = await db()
      .insertInto('users')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          username: `many${i}`,
          password_hash: 'x',
          nick_name: `多${i}`,
          user_type: 'customer' as const,
        })),
      )
      .returning('user_id')
      .execute();
    const userNos = users.map((_, i) => `U2${String(i).padStart(8, '0')}`);
    await db().insertInto('user_numbers').values(users.map((u, i) => ({ user_no: userNos[i]!, user_id: u.user_id, enterprise_no: '1000000002' }))).execute();
    const input = { roleId: await roleId('CUSTOMER_REVIEWER'), userNos };
    expect(signingDataToSend(usersApi.userRolesAssign, { ...input, signChallenge: '0'.repeat(32) }).length).toBeGreaterThan(1024);

    const before = await snapshot();
    for (const p of ['/user/roles/add', '/VerifySign/UserAddRole']) {
      const res = await call(p, input);
      expect(res.res.statusCode, p).toBe(400);
      expect(res.json, p).toMatchObject({ returnCode: RETURN_CODES.SIGN_DATA_TOO_LONG.code, returnMsg: '验签数据过长，请检查或减少选中项！' });
    }
    expect(await snapshot()).toEqual(before);
    // 88 fit, with the challenge.
    expect((await call('/user/roles/add', { ...input, userNos: userNos.slice(0, 89) })).json.returnCode).toBe(RETURN_CODES.SIGN_DATA_TOO_LONG.code);
    expect((await call('/user/roles/add', { ...input, userNos: userNos.slice(0, 88) })).json.returnCode).toBe('000000');
  });

  describe('each signed user operation', () => {
    const cases: {
      name: string;
      path: string;
      op: AnyOperation;
      event: string;
      code: string;
      input: () => Promise<Record<string, unknown>>;
      /** The same call with one signed value changed. */
      tamper: (body: Record<string, unknown>) => Record<string, unknown>;
      done: () => Promise<unknown>;
    }[] = [];
    const nextId = (field: string) => (body: Record<string, unknown>) => ({ ...body, [field]: (body[field] as number) + 1 });

    beforeAll(async () => {
      const checker = await db().selectFrom('users').select('user_id').where('username', '=', 'checker').executeTakeFirstOrThrow();
      cases.push(
        {
          name: 'user/update',
          path: '/user/update',
          op: usersApi.userUpdate,
          event: 'user.update',
          code: 'UserEdit',
          input: async () => ({ userId: checker.user_id, nickName: '李静（已签）' }),
          tamper: (body) => ({ ...body, status: 0 }),
          done: async () => (await db().selectFrom('users').select('nick_name').where('user_id', '=', checker.user_id).executeTakeFirstOrThrow()).nick_name === '李静（已签）',
        },
        {
          name: 'user/roles/add',
          path: '/user/roles/add',
          op: usersApi.userRolesAssign,
          event: 'role.members',
          code: 'UserAddRole',
          input: async () => ({ roleId: await roleId('CUSTOMER_MAKER'), userNos: ['U100000101', 'U100000301', 'U100000201', 'U100000102'] }),
          tamper: (body) => ({ ...body, userNos: ['U100000101', 'U100000301', 'U100000201'] }),
          done: async () => Boolean(await db().selectFrom('user_number_roles').select('user_no').where('user_no', '=', 'U100000102').where('role_id', '=', await roleId('CUSTOMER_MAKER')).executeTakeFirst()),
        },
        {
          name: 'userUnlock/update',
          path: '/userUnlock/update',
          op: authApi.unlockUser,
          event: 'user.unlock',
          code: 'UserUnlock',
          input: async () => {
            await db().updateTable('users').set({ locked_at: new Date(), failed_attempts: 5 }).where('user_id', '=', checker.user_id).execute();
            return { userId: checker.user_id };
          },
          tamper: nextId('userId'),
          done: async () => (await db().selectFrom('users').select('locked_at').where('user_id', '=', checker.user_id).executeTakeFirstOrThrow()).locked_at === null,
        },
        {
          name: 'user/delete',
          path: '/user/delete',
          op: usersApi.userDelete,
          event: 'user.delete',
          code: 'UserDelete',
          input: async () => ({ userNo: 'U100000201' }),
          tamper: () => ({ userNo: 'U100000301' }),
          done: async () => !(await db().selectFrom('user_numbers').select('user_no').where('user_no', '=', 'U100000201').executeTakeFirst()),
        },
      );
    });

    it('refuses another key’s signature and tampered data with nothing changed, and performs a valid one with the signature audited', async () => {
      expect(cases).toHaveLength(4);
      for (const { name, path: p, op, event, code, input, tamper, done } of cases) {
        const body = await input();
        const before = await snapshot();
        const byStranger = await call(p, await signed(p, body, undefined, stranger));
        expect(byStranger.json.returnCode, name).toBe(RETURN_CODES.SIGN_INVALID.code);
        // Signed as one call, sent as another.
        const { signChallenge, signMsg } = await signed(p, tamper(body));
        const tampered = await call(p, { ...body, signChallenge, signMsg });
        expect(tampered.json.returnCode, name).toBe(RETURN_CODES.SIGN_INVALID.code);
        expect(await snapshot(), name).toEqual(before);
        expect((await audits(event)).at(-1), name).toMatchObject({ outcome: 'failure', detail: { reason: RETURN_CODES.SIGN_INVALID.message } });

        const valid = await call(p, body);
        expect(valid.json.returnCode, `${name}: ${valid.json.returnMsg}`).toBe('000000');
        expect(await done(), name).toBe(true);
        const entry = (await audits(event)).at(-1)!;
        expect(entry, name).toMatchObject({ outcome: 'success', detail: { signature: { code, deviceKey: client().device.publicKey } } });
        const { data } = (entry.detail as { signature: { data: string } }).signature;
        expect(layoutPart(data), name).toBe(layoutPart(signingDataToSend(op, { ...body, signChallenge: '0'.repeat(32) })));
      }
      // U100000201 was newuser's last seat; the demo instructions name newuser, so the person is kept, disabled.
      expect(await db().selectFrom('users').select('status').where('username', '=', 'newuser').executeTakeFirst()).toEqual({ status: 0 });
    });

    it('includes the password change in the dialog (PasswordModify), which stays unchanged when refused', async () => {
      const browser = await loginClient(app());
      const token = await browser.token('checker', 'Demo1234');
      const change = async () => {
        const { confirmPassword, ...fields } = await browser.changeFields('Demo1234', 'Signed123');
        return { username: 'checker', ...fields, newPasswordConfirm: confirmPassword };
      };
      const refused = await change();
      const res = await browser.call(`${P}/userPassword/update`, await browser.signed(`${P}/userPassword/update`, refused, token, stranger), token);
      expect(res.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      expect((await audits('password.change')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: 'signature' } });
      // The signature is judged before the old password: a wrong guess under a foreign key is told
      // about the signature, not the password (before, 原密码错误 answered it: pen test).
      const guess = { ...(await change()), ...(await browser.changeFields('Guess1234', 'Signed123').then(({ confirmPassword, ...f }) => ({ ...f, newPasswordConfirm: confirmPassword }))) };
      const guessed = await browser.call(`${P}/userPassword/update`, await browser.signed(`${P}/userPassword/update`, guess, token, stranger), token);
      expect(guessed.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      expect((await browser.attempt('checker', 'Demo1234')).json.returnCode).toBe('000000');

      const fresh = await browser.token('checker', 'Demo1234');
      const body = await change();
      expect((await browser.call(`${P}/userPassword/update`, body, fresh)).json.returnCode).toBe('000000');
      expect((await audits('password.change')).at(-1)).toMatchObject({
        outcome: 'success',
        detail: { signature: { code: 'PasswordModify', data: expect.stringMatching(new RegExp(`^PasswordModify\\|checker\\|${body.base64ServerRandom.replace(/[+/=]/g, '\\$&')}\\|${body.oldClientRandom}\\|${body.newClientRandom}\\|${body.confirmClientRandom}\\|[0-9a-f]{32}$`)) } },
      });
      // Back to the demo password for the next tests.
      await db().updateTable('users').set({ password_hash: await hashPassword('Demo1234') }).where('username', '=', 'checker').execute();
    });
  });

  describe('the single-use challenge', () => {
    const lock = async (username: string) => {
      const { user_id } = await db().updateTable('users').set({ locked_at: new Date(), failed_attempts: 5 }).where('username', '=', username).returning('user_id').executeTakeFirstOrThrow();
      return user_id;
    };
    const lockedAt = async (userId: number) => (await db().selectFrom('users').select('locked_at').where('user_id', '=', userId).executeTakeFirstOrThrow()).locked_at;

    it('is spent by the operation: the same signed body sent again is refused and changes nothing (pen test: a captured UserUnlock unlocked again)', async () => {
      const userId = await lock('checker');
      const body = await signed('/userUnlock/update', { userId });
      expect((await call('/userUnlock/update', body)).json.returnCode).toBe('000000');
      expect(await lockedAt(userId)).toBeNull();

      await lock('checker');
      const replayed = await call('/userUnlock/update', body);
      expect(replayed.res.statusCode).toBe(400);
      expect(replayed.json).toMatchObject({ returnCode: RETURN_CODES.SIGN_CHALLENGE_INVALID.code, returnMsg: '签名挑战值无效或已使用，请重新提交' });
      expect(await lockedAt(userId)).not.toBeNull();
      expect((await audits('user.unlock')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: RETURN_CODES.SIGN_CHALLENGE_INVALID.message } });
      await db().updateTable('users').set({ locked_at: null, failed_attempts: 0 }).where('user_id', '=', userId).execute();
    });

    it('belongs to the session it was issued to: another session’s is refused there and stays good for its own', async () => {
      const userId = await lock('checker');
      const other = await loginClient(app());
      const demo = await other.token('demo', 'Demo1234');
      const foreign = await other.challenge(demo);
      const body = { userId, signChallenge: foreign };
      const refused = await call('/userUnlock/update', { ...body, signMsg: await client().sign(`${P}/userUnlock/update`, body) });
      expect(refused.json.returnCode).toBe(RETURN_CODES.SIGN_CHALLENGE_INVALID.code);
      expect(await lockedAt(userId)).not.toBeNull();
      // Not spent by the refusal: the session it belongs to still signs with it.
      const own = { accountNos: ['622202000000001234'], used: 0, signChallenge: foreign };
      const res = await other.call(`${P}/VerifySign/AccountUsed`, { ...own, signMsg: await other.sign(`${P}/VerifySign/AccountUsed`, own) }, demo);
      expect(res.json.returnCode, res.json.returnMsg).toBe('000000');
      await db().updateTable('users').set({ locked_at: null, failed_attempts: 0 }).where('user_id', '=', userId).execute();
    });

    it('is required, refused when absent, malformed or never issued, before the fields are judged', async () => {
      const userId = await lock('checker');
      for (const signChallenge of [undefined, '', 'ABCDEF0123456789ABCDEF0123456789', 'not hex', 42, '0'.repeat(32)]) {
        const body = { userId, signChallenge };
        const res = await call('/userUnlock/update', { ...body, signMsg: await client().sign(`${P}/userUnlock/update`, body) });
        expect(res.res.statusCode, String(signChallenge)).toBe(400);
        expect(res.json.returnCode, String(signChallenge)).toBe(RETURN_CODES.SIGN_CHALLENGE_INVALID.code);
      }
      // Checked before the fields: a bad userId does not change the answer.
      expect((await call('/userUnlock/update', { userId: 'x', signChallenge: undefined, signMsg: 'QUJDRA==' })).json.returnCode).toBe(RETURN_CODES.SIGN_CHALLENGE_INVALID.code);
      expect(await lockedAt(userId)).not.toBeNull();
      await db().updateTable('users').set({ locked_at: null, failed_attempts: 0 }).where('user_id', '=', userId).execute();
    });

    it('is checked but not spent by VerifySign, so the operation may follow with it', async () => {
      const userId = await lock('checker');
      const body = await signed('/userUnlock/update', { userId });
      for (let i = 0; i < 2; i++) expect((await call('/VerifySign/UserUnlock', body)).json.returnCode).toBe('000000');
      expect((await call('/userUnlock/update', body)).json.returnCode).toBe('000000');
      expect((await call('/VerifySign/UserUnlock', body)).json.returnCode).toBe(RETURN_CODES.SIGN_CHALLENGE_INVALID.code);
    });

    it('is answered only to a session, customer or staff', async () => {
      const anonymous = await client().envelope.post(`${P}/signing/challenge`, {});
      expect(anonymous.res.statusCode).toBe(401);
      const first = await client().challenge(await asUser('admin'));
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(await client().challenge(await asUser('admin'))).not.toBe(first);
    });
  });

  describe('VerifySign', () => {
    it('checks a signature like its operation and changes nothing, answering the signing data', async () => {
      const input = { username: 'verify.only', nickName: '只验签', enterpriseNo: '1000000001' };
      const before = await snapshot();
      const auditCount = (await db().selectFrom('audit_log').select('audit_id').execute()).length;

      const ok = await call('/VerifySign/UserAdd', input);
      expect(ok.json.returnCode).toBe('000000');
      expect(ok.data).toEqual({ code: 'UserAdd', signingData: expect.stringMatching(/^UserAdd\|verify\.only\|只验签\|1000000001\|\[\]\|\|\|\|\|[0-9a-f]{32}$/) });
      const wrong = await call('/VerifySign/UserAdd', await signed('/VerifySign/UserAdd', input, undefined, stranger));
      expect(wrong.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      expect((await call('/VerifySign/UserAdd', { ...input, signMsg: undefined })).json.returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);

      expect(await snapshot()).toEqual(before);
      expect((await db().selectFrom('audit_log').select('audit_id').execute()).length).toBe(auditCount);
    });

    it('answers every code of the spec, under its operation’s audience and authority', async () => {
      const admin = await asUser('admin');
      const customerClient = await loginClient(app());
      const demo = await demoAdmin(customerClient);
      const accountNo = '622202000000001234';
      const calls: [string, unknown, string][] = [
        ['UserAdd', { username: 'v.one', nickName: '一', enterpriseNo: '1000000001' }, admin],
        ['UserEdit', { userId: 1, nickName: '一' }, admin],
        ['UserDelete', { userNo: 'U100000101' }, admin],
        ['UserAddRole', { roleId: 1, userNos: ['U100000101'] }, admin],
        ['UserUnlock', { userId: 1 }, admin],
        ['AccountAdd', { accountNo, alias: '一号户' }, demo],
        ['AccountAdd', { batchNo: 'B20250101000001', rowCount: 3, fileSm3: 'ab'.repeat(32) }, demo],
        ['AccountEdit', { accountNo, alias: '一号户', singleLimit: '1000000.00', dailyLimit: null }, demo],
        ['AccountUsed', { accountNos: [accountNo], used: 0 }, demo],
        ['AccountAuth', { userNo: 'U100000102', accounts: [], accountCount: 0, rightsSm3: '1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b' }, demo],
      ];
      for (const [code, input, token] of calls) {
        const signer = token === admin ? client() : customerClient;
        const res = await signer.call(`${P}/VerifySign/${code}`, input, token);
        expect(res.json.returnCode, `${code}: ${res.json.returnMsg}`).toBe('000000');
        expect((res.data as { code: string }).code).toBe(code);
      }
      const checked = (await customerClient.call(`${P}/VerifySign/AccountEdit`, { accountNo, alias: 'x', singleLimit: '1.5' }, demo)).data as { signingData: string };
      expect(layoutPart(checked.signingData)).toBe(`AccountEdit|${accountNo}|x|1.5|`);
      // A customer cannot check the custodian's steps, nor staff account ones.
      expect((await customerClient.call(`${P}/VerifySign/InstructionCheck`, {}, demo)).res.statusCode).toBe(403);
      expect((await client().call(`${P}/VerifySign/AccountUsed`, calls[8]![1], admin)).res.statusCode).toBe(403);
      // The login's own check stands apart (no session): login-calls.test.ts covers it.
      const codes = OPERATIONS.filter((op) => op.path.includes('/VerifySign/') && op !== signingApi.verifyLogin).length;
      expect(codes).toBe(signingApi.VERIFY_SIGN_OPERATIONS.length);
    });
  });

  describe('docs/signing-vectors.json', () => {
    it('gives the documented signing data for each input, with signatures our verifier and OpenSSL accept', async () => {
      for (const vector of VECTORS.vectors) {
        const op = OPERATIONS.find((o) => o.id === vector.operation)!;
        expect(signingDataToSend(op, vector.input), vector.operation).toBe(vector.signingData);
        const data = c.utf8Encode(vector.signingData);
        const sig = c.fromBase64(vector.signMsg);
        expect(await c.sm2Verify(VECTORS.publicKey, data, sig), vector.operation).toBe(true);
        const verify = ['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-digest', 'sm3', '-in', 'data', '-sigfile', 'sig', '-pkeyopt', 'distid:1234567812345678'];
        expect(opensslStatus(verify, { 'pub.pem': sm2PublicPem(VECTORS.publicKey), data, sig }), vector.operation).toBe(0);
      }
    });

    it('are accepted by the server from a session whose login the vector key signed, with a challenge it issued in the vector’s', async () => {
      const independent = await loginClient(app(), { device: { privateKey: VECTORS.privateKey, publicKey: VECTORS.publicKey } });
      const tokens = { staff: await independent.token('admin', 'Admin1234'), customer: await demoAdmin(independent) };
      for (const vector of VECTORS.vectors) {
        const op = OPERATIONS.find((o) => o.id === vector.operation)!;
        const code = { USER_ROLES_ADD: 'UserAddRole', USER_ADD: 'UserAdd', USER_UPDATE: 'UserEdit', USER_UNLOCK_UPDATE: 'UserUnlock', USER_PERSON_MODIFY: 'AccountAuth' }[vector.operation]!;
        const path = `${P}/VerifySign/${code}`;
        const token = op.audience.includes('staff') ? tokens.staff : tokens.customer;
        const res = await independent.call(path, await independent.signed(path, vector.input, token), token);
        expect(res.json.returnCode, vector.operation).toBe('000000');
        const { signChallenge } = vector.input as { signChallenge: string };
        expect((res.data as { signingData: string }).signingData.slice(0, -signChallenge.length)).toBe(vector.signingData.slice(0, -signChallenge.length));
      }
      await relogin('admin');
    });
  });
});
