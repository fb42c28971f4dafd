import { describe, expect, it } from 'vitest';
import { RETURN_CODES } from '@portal/shared';
import { serverUnderTest } from '../../helpers/server-under-test';

const FORCE = '/pmobile/customer/userPassword/force/update';
const CHANGE = '/pmobile/customer/userPassword/update';

describe('lockout and unlock', () => {
  const { client, db } = serverUnderTest();

  it('locks after the fifth wrong password, refuses even the right one, and staff unlock', async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await client().attempt('checker', `Wrong${i}abc`)).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    }
    const fifth = await client().attempt('checker', 'Wrong5abc');
    expect(fifth.res.statusCode).toBe(403);
    expect(fifth.json).toMatchObject({ returnCode: RETURN_CODES.ACCOUNT_LOCKED.code, returnMsg: expect.stringMatching(/^账户已锁定，请于\d{2}:\d{2}后重试或联系管理员解锁$/) });
    expect((await client().attempt('checker', 'Demo1234')).json.returnCode).toBe(RETURN_CODES.ACCOUNT_LOCKED.code);

    const staff = await client().token('admin', 'Admin1234');
    const locked = await client().call('/pmobile/customer/userUnlock/queryLockUser', {}, staff);
    const entry = (locked.data as { username: string; userId: number; failedAttempts: number }[]).find((u) => u.username === 'checker');
    expect(entry).toMatchObject({ failedAttempts: 5 });

    const unlocked = await client().call('/pmobile/customer/userUnlock/update', { userId: entry!.userId }, staff);
    expect(unlocked.json.returnCode).toBe('000000');
    expect((await client().attempt('checker', 'Demo1234')).json.returnCode).toBe('000000');
    const again = await client().call('/pmobile/customer/userUnlock/update', { userId: entry!.userId }, staff);
    expect(again.json.returnMsg).toBe('该用户未被锁定');

    const events = await db().selectFrom('audit_log').select(['event', 'outcome']).execute();
    expect(events).toEqual(expect.arrayContaining([{ event: 'user.lockout', outcome: 'success' }, { event: 'user.unlock', outcome: 'success' }]));
  });

  it('does not let a customer unlock', async () => {
    const token = await client().token('demo', 'Demo1234');
    expect((await client().call('/pmobile/customer/userUnlock/update', { userId: 1 }, token)).res.statusCode).toBe(403);
  });
});

describe('the must-change-password flow (040007) and password rules', () => {
  const { app, client, db } = serverUnderTest();
  /** The change ticket of a 040007 login with the current password. */
  const ticket = async (username: string, password: string) => {
    const { json, data } = await client().attempt(username, password);
    if (json.returnCode !== RETURN_CODES.MUST_CHANGE_PASSWORD.code) throw new Error(`expected 040007, got ${json.returnCode}`);
    return (data as { changeTicket: string }).changeTicket;
  };
  const force = async (oldPassword: string, newPassword: string, confirm = newPassword, username = 'newuser') =>
    client().envelope.post(FORCE, {
      username,
      changeTicket: await ticket(username, 'Init1234'),
      ...(await client().changeFields(oldPassword, newPassword, confirm)),
    });

  it('answers a first login with 040007, a change ticket and no token', async () => {
    const { res, json } = await client().attempt('newuser', 'Init1234');
    expect(res.statusCode).toBe(200);
    expect(json).toEqual({ returnCode: '040007', returnMsg: expect.any(String), data: { changeTicket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
  });

  it.each([
    ['Init1234', 'short1', 'short1', '长度8到12个字符'],
    ['Init1234', 'abcdefghij', 'abcdefghij', '密码复杂度不符合要求，必须包含数字和字母'],
    ['Init1234', '1234567890', '1234567890', '密码复杂度不符合要求，必须包含数字和字母'],
    ['Init1234', 'Abcdefgh!', 'Abcdefgh!', '密码复杂度不符合要求，必须包含数字和字母'],
    ['Init1234', 'Abc1234\u00e9', 'Abc1234\u00e9', '密码只能包含可打印的ASCII字符'],
    ['Init1234', 'xNewUser12', 'xNewUser12', '密码不能包含用户名'],
    ['Init1234', 'Passw0rd', 'Passw0rd', '该密码过于常见，请换一个'],
    ['Init1234', 'Abcd12345', 'Abcd12346', '两次输入密码不一致!'],
    ['Init1234', 'Init1234', 'Init1234', '新密码不能与最近12次使用过的密码相同'],
    // The reuse check above proved the old password, so the count starts again.
    ['Wrong1234', 'Abcd12345', 'Abcd12345', '原密码错误，还可尝试4次'],
  ])('refuses old %s → new %s / %s with %s', async (oldPassword, newPassword, confirm, message) => {
    const { res, json } = await force(oldPassword, newPassword, confirm);
    expect(res.statusCode).toBe(400);
    expect(json.returnMsg).toBe(message);
  });

  it('changes the password, after which the new one logs in and the old one does not', async () => {
    expect((await force('Init1234', 'Abcd12345')).json.returnCode).toBe('000000');
    expect((await client().attempt('newuser', 'Init1234')).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    expect((await client().attempt('newuser', 'Abcd12345')).json.returnCode).toBe('000000');
  });

  it('refuses a server random used twice for a change', async () => {
    const flag = () => db().updateTable('users').set({ must_change_password: true }).where('username', '=', 'newuser').execute();
    await flag();
    const fields = await client().changeFields('Abcd12345', 'Bcde23456');
    const first = await ticket('newuser', 'Abcd12345');
    expect((await client().envelope.post(FORCE, { username: 'newuser', changeTicket: first, ...fields })).json.returnCode).toBe('000000');
    await flag();
    const second = await ticket('newuser', 'Bcde23456');
    const again = await client().envelope.post(FORCE, { username: 'newuser', changeTicket: second, ...fields });
    expect(again.json.returnCode).toBe(RETURN_CODES.RANDOM_INVALID.code);
    await db().updateTable('users').set({ must_change_password: false }).where('username', '=', 'newuser').execute();
  });

  it('refuses any of the last twelve passwords', async () => {
    const token = await client().token('newuser', 'Bcde23456');
    // The dialog names its confirm field newPasswordConfirm.
    const dialog = async (from: string, to: string) => {
      const { confirmPassword, ...fields } = await client().changeFields(from, to);
      return client().call(CHANGE, { username: 'newuser', ...fields, newPasswordConfirm: confirmPassword }, token);
    };
    const chain = ['Cdef34567', 'Defg45678', 'Efgh56789', 'Fghi67890', 'Ghij78901', 'Hijk89012', 'Ijkl90123', 'Jklm01234', 'Klmn12345', 'Lmno23456', 'Mnop34567'];
    let current = 'Bcde23456';
    for (const next of chain) {
      expect((await dialog(current, next)).json.returnCode).toBe('000000');
      current = next;
    }
    // History now: Mnop (current) and the twelve before it, back to Abcd; Init1234 has dropped out.
    for (const reused of ['Abcd12345', 'Cdef34567', 'Fghi67890', 'Mnop34567']) {
      expect((await dialog(current, reused)).json.returnMsg).toBe('新密码不能与最近12次使用过的密码相同');
    }
    expect((await dialog(current, 'Init1234')).json.returnCode).toBe('000000');
  }, 120_000); // fourteen changes, each a password hash and a history check against twelve hashes

  it('lets the dialog change only the logged-in user', async () => {
    const token = await client().token('demo', 'Demo1234');
    const { confirmPassword, ...fields } = await client().changeFields('Demo1234', 'Zyxw98765');
    const res = await client().call(CHANGE, { username: 'checker', ...fields, newPasswordConfirm: confirmPassword }, token);
    expect(res.res.statusCode).toBe(403);
  });

  it('asks for a change once the password is older than 90 days', async () => {
    const token = await client().token('demo', 'Demo1234');
    const expired = () => client().call('/pmobile/customer/user/isExpiredOrFirstLogin', { username: 'demo' }, token);
    expect((await expired()).data).toBe(false);
    app().clock.advance(91 * 86_400_000);
    const fresh = await client().token('checker', 'Demo1234').catch((e: Error) => e.message);
    expect(fresh).toContain('040007');
    expect((await client().attempt('demo', 'Demo1234')).json.returnCode).toBe('040007');
  });

  it('audits password changes', async () => {
    const events = await db()
      .selectFrom('audit_log')
      .select(['event', 'outcome'])
      .where('event', 'in', ['password.force_change', 'password.change'])
      .execute();
    expect(events).toEqual(
      expect.arrayContaining([
        { event: 'password.force_change', outcome: 'success' },
        { event: 'password.force_change', outcome: 'failure' },
        { event: 'password.change', outcome: 'success' },
      ]),
    );
  });
});
