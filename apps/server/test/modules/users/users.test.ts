import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_CODES, usersApi, type AnyOperation } from '@portal/shared';
import { oneAdministratorEach, waived } from '../../helpers/dual-control';
import { serverUnderTest } from '../../helpers/server-under-test';

const P = '/pmobile/customer';
const USER_OPERATIONS = (Object.values(usersApi) as unknown[]).filter((v): v is AnyOperation => typeof v === 'object' && v !== null && 'defaults' in v);

describe('staff administration of users, seats and roles', () => {
  const { client, db, asUser, call, get, audits, roleId, ready } = serverUnderTest({}, { caller: 'admin', prepare: async (app) => {
    await waived('9000000001')(app);
    await oneAdministratorEach(app);
  } });
  const userRow = (username: string) => db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  beforeAll(async () => {
    await asUser('admin');
  });

  it('refuses a customer session with 403 on every call, and no session with 401', async () => {
    const customer = await client().token('checker', 'Demo1234');
    for (const op of USER_OPERATIONS) {
      const path = `/pmobile${op.path.replace('{prefix}', 'customer')}`;
      const res = op.method === 'GET' ? await client().get(path, {}, customer) : await client().call(path, {}, customer);
      expect(res.res.statusCode, `${op.method} ${path}`).toBe(403);
      expect(res.json.returnCode).toBe(RETURN_CODES.FORBIDDEN.code);
      const anonymous = op.method === 'GET' ? await client().envelope.get(path) : await client().envelope.post(path, {});
      expect(anonymous.res.statusCode, `${op.method} ${path} anonymous`).toBe(401);
    }
    expect(USER_OPERATIONS.length).toBeGreaterThanOrEqual(13);
  });

  it('lists seats with paging and case-insensitive contains filters, validating the query', async () => {
    const all = await get('/user', { page: 1, limit: 100 });
    expect(all.json.returnCode).toBe('000000');
    const page = all.data as { total: number; records: { userNo: string; username: string; enterpriseName: string; roles: { roleCode: string }[] }[] };
    expect(page.total).toBe(page.records.length);
    expect(page.records.map((r) => r.userNo)).toEqual(['S900000001', 'S900000002', 'S900000003', 'S900000004', 'U100000101', 'U100000102', 'U100000103', 'U100000104', 'U100000105', 'U100000106', 'U100000201', 'U100000202', 'U100000301', 'U100000302', 'U200000101', 'U200000102']);
    expect(page.records.find((r) => r.userNo === 'U100000102')).toMatchObject({ username: 'checker', roles: [{ roleCode: 'CUSTOMER_REVIEWER' }] });

    const demo = (await get('/user', { username: 'DEM' })).data as typeof page;
    expect(demo.records.map((r) => r.userNo)).toEqual(['U100000101', 'U100000301']);
    expect(((await get('/user', { nickName: '李' })).data as typeof page).records.map((r) => r.username)).toEqual(['checker']);
    expect(((await get('/user', { enterpriseNo: '0000003' })).data as typeof page).total).toBe(2);
    // % and _ match themselves.
    expect(((await get('/user', { username: '%' })).data as typeof page).total).toBe(0);

    const second = (await get('/user', { page: 2, limit: 2 })).data as typeof page;
    expect(second).toMatchObject({ total: 16 });
    expect(second.records.map((r) => r.userNo)).toEqual(['S900000003', 'S900000004']);

    for (const [query, message] of [
      [{ limit: 500 }, '每页条数须为1到100之间的整数'],
      [{ page: 0 }, '页码须为正整数'],
      [{ username: 'x'.repeat(65) }, '用户名不能超过64个字符'],
    ] as const) {
      const res = await get('/user', query);
      expect(res.res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json.returnMsg).toBe(message);
    }
  });

  it('adds a login with a one-time password that must be changed at the first login, and audits it without the password', async () => {
    const added = await call('/user/add', { username: 'zhao.fund', nickName: '赵敏', enterpriseNo: '1000000002', roleIds: [await roleId('CUSTOMER_MAKER')], mobile: '13900001111' });
    expect(added.json.returnCode).toBe('000000');
    const { userNo, initialPassword, userId } = added.data as { userNo: string; initialPassword: string; userId: number };
    expect(userNo).toMatch(/^U\d{9}$/);
    expect(initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{10}$/);
    expect(await userRow('zhao.fund')).toMatchObject({ user_type: 'customer', must_change_password: true, user_id: userId });

    const first = await client().attempt('zhao.fund', initialPassword);
    expect(first.json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);

    const [entry] = await audits('user.add');
    expect(entry).toMatchObject({ outcome: 'success', username: 'admin', detail: { after: { username: 'zhao.fund', userNo, enterpriseNo: '1000000002', roles: ['CUSTOMER_MAKER'] } } });
    const everything = JSON.stringify(await db().selectFrom('audit_log').select('detail').execute());
    expect(everything).not.toContain(initialPassword);
  });

  it('refuses bad input with 400 and a Chinese message, writing nothing', async () => {
    const users = async () => (await db().selectFrom('users').select('user_id').execute()).length;
    const before = await users();
    const maker = await roleId('CUSTOMER_MAKER');
    const staffRole = await roleId('STAFF_GATEWAY_ADMIN');
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '1abc', nickName: '甲', enterpriseNo: '1000000001' }, '用户名须以字母开头，3到32位字母、数字、_ . -'],
      [{ username: 'DEMO', nickName: '甲', enterpriseNo: '1000000001' }, '用户名已存在'],
      [{ username: 'jia01', nickName: '  ', enterpriseNo: '1000000001' }, '请输入用户姓名'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '123' }, '企业编号须为10位数字'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '1999999999' }, '企业不存在'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '1000000001', roleIds: [2147483647] }, '角色不存在'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '1000000001', roleIds: [staffRole] }, '角色“API网关管理员”只能分配给银行员工'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '9000000001', roleIds: [maker] }, '角色“经办员”不能分配给银行员工'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '1000000001', mobile: '12345' }, '手机号须为以1开头的11位数字'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '1000000001', email: 'nope' }, '邮箱格式不正确'],
      [{ username: 'jia01', nickName: '甲\u0000', enterpriseNo: '1000000001' }, '用户姓名不能包含控制字符'],
      [{ username: 'jia01', nickName: '甲', enterpriseNo: '1000000001', roleIds: [0] }, '角色编号须为1到2147483647之间的整数'],
    ];
    for (const [body, message] of cases) {
      const { res, json } = await call('/user/add', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json.returnMsg, JSON.stringify(body)).toBe(message);
    }
    expect(await users()).toBe(before);
    expect((await audits('user.add')).filter((a) => a.outcome === 'failure').map((a) => a.detail.reason)).toContain('用户名已存在');
  });

  it('warns before a seat puts a login on both sides of a third-party link, and opens it only when confirmed, audited', async () => {
    // 华夏远航's accounts name 鼎晟 as third party; demo makes instructions at 华夏远航.
    const demo = (await userRow('demo'))!;
    const seat = { userId: demo.user_id, enterpriseNo: '2000000001', roleIds: [await roleId('CUSTOMER_THIRD_PARTY_CONFIRMER')] };
    const warned = await call('/user/userNo/add', seat);
    expect(warned.res.statusCode).toBe(409);
    expect(warned.json.returnCode).toBe('040034');
    expect(warned.json.returnMsg).toMatch(/^该用户将同时在企业及其账户指定的第三方机构开立用户号，请确认后再开立：.*华夏远航基金管理有限公司（1000000001）/);
    expect(await db().selectFrom('user_numbers').select('user_no').where('user_id', '=', demo.user_id).where('enterprise_no', '=', '2000000001').execute()).toEqual([]);
    const opened = await call('/user/userNo/add', { ...seat, confirmConflict: true });
    expect(opened.json.returnCode, opened.json.returnMsg).toBe('000000');
    const [confirmed] = (await audits('user.seat_add')).filter((a) => a.outcome === 'success').slice(-1);
    expect(confirmed!.detail.after).toMatchObject({ enterpriseNo: '2000000001', conflictConfirmed: [expect.stringContaining('（1000000001）')] });
    await db().deleteFrom('user_number_roles').where('user_no', '=', (opened.data as { userNo: string }).userNo).execute();
    await db().deleteFrom('user_numbers').where('user_no', '=', (opened.data as { userNo: string }).userNo).execute();
  });

  it('gives a login a seat in a further enterprise, once per enterprise and of its own kind', async () => {
    const demo = (await userRow('demo'))!;
    const added = await call('/user/userNo/add', { userId: demo.user_id, enterpriseNo: '1000000002', roleIds: [await roleId('CUSTOMER_REVIEWER')] });
    expect(added.json.returnCode).toBe('000000');
    const { userNo } = added.data as { userNo: string };
    // In 中泰安盛's own block (U1000002xx), whoever the person is.
    expect(userNo).toMatch(/^U1000002\d{2}$/);
    const again = await call('/user/userNo/add', { userId: demo.user_id, enterpriseNo: '1000000002' });
    expect(again.json.returnMsg).toBe(`该用户在此企业已有用户号${userNo}`);
    expect((await call('/user/userNo/add', { userId: demo.user_id, enterpriseNo: '9000000001' })).json.returnMsg).toBe('客户用户不能在银行托管部开立用户号');
    const staff = (await userRow('admin'))!;
    expect((await call('/user/userNo/add', { userId: staff.user_id, enterpriseNo: '1000000001' })).json.returnMsg).toBe('银行员工只能在银行托管部开立用户号');

    const detail = await get('/getUserById', { userId: demo.user_id });
    expect(detail.data).toMatchObject({
      username: 'demo',
      userType: 'customer',
      seats: [
        { userNo: 'U100000101', enterpriseNo: '1000000001', roles: [{ roleCode: 'CUSTOMER_MAKER' }] },
        { userNo, enterpriseNo: '1000000002', enterpriseName: '中泰安盛人寿保险股份有限公司', roles: [{ roleCode: 'CUSTOMER_REVIEWER' }] },
        { userNo: 'U100000301' },
      ],
    });
    expect((await get('/getUserById', { userId: 2147483647 })).json.returnMsg).toBe('用户不存在');
    const bad = await get('/getUserById', { userId: 'x' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.json.returnMsg).toBe('用户编号须为1到2147483647之间的整数');
  });

  it('updates a person and the roles of their seats, audited with before and after', async () => {
    const checker = (await userRow('checker'))!;
    const maker = await roleId('CUSTOMER_MAKER');
    const reviewer = await roleId('CUSTOMER_REVIEWER');
    const res = await call('/user/update', {
      userId: checker.user_id,
      nickName: '李静（复核）',
      email: 'lijing@example.cn',
      seatRoles: [{ userNo: 'U100000102', roleIds: [maker, reviewer] }],
    });
    expect(res.json.returnCode).toBe('000000');
    const detail = (await get('/getUserById', { userId: checker.user_id })).data as { nickName: string; seats: { roles: { roleCode: string }[] }[] };
    expect(detail.nickName).toBe('李静（复核）');
    expect(detail.seats[0]!.roles.map((r) => r.roleCode)).toEqual(['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
    const [entry] = await audits('user.update');
    expect(entry!.detail).toMatchObject({
      targetUserId: checker.user_id,
      before: { nickName: '李静', email: 'lijing@hxyh-fund.example.cn', roles: { U100000102: ['CUSTOMER_REVIEWER'] } },
      after: { nickName: '李静（复核）', email: 'lijing@example.cn', roles: { U100000102: ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER'] } },
    });

    expect((await call('/user/update', { userId: checker.user_id, nickName: '李静', seatRoles: [{ userNo: 'U100000101', roleIds: [] }] })).json.returnMsg).toBe('用户号不属于该用户');
    expect((await call('/user/update', { userId: 2147483647, nickName: '无' })).json.returnMsg).toBe('用户不存在');
    expect((await call('/user/update', { userId: checker.user_id, nickName: '李静', status: 2 })).json.returnMsg).toBe('状态须为0（停用）或1（启用）');
  });

  it('refuses staff changing their own roles or status, or deleting themselves', async () => {
    const me = (await userRow('admin'))!;
    expect((await call('/user/update', { userId: me.user_id, nickName: '陈涛', seatRoles: [{ userNo: 'S900000001', roleIds: [] }] })).json.returnMsg).toBe('不能修改自己的角色');
    expect((await call('/user/update', { userId: me.user_id, nickName: '陈涛', status: 0 })).json.returnMsg).toBe('不能停用自己');
    expect((await call('/user/delete', { userNo: 'S900000001' })).json.returnMsg).toBe('不能删除自己');
    expect((await call('/user/roles/add', { roleId: await roleId('STAFF_GATEWAY_ADMIN'), userNos: [] })).json.returnMsg).toBe('不能修改自己的角色');
    expect((await call('/user/resetPassword', { userId: me.user_id })).json.returnMsg).toBe('请通过修改密码功能修改自己的密码');
    // Unchanged roles of one's own seat are no change.
    const same = await call('/user/update', { userId: me.user_id, nickName: '陈涛', seatRoles: [{ userNo: 'S900000001', roleIds: [await roleId('STAFF_GATEWAY_ADMIN')] }] });
    expect(same.json.returnCode).toBe('000000');
    const refusals = (await audits('user.delete')).filter((a) => a.outcome === 'failure');
    expect(refusals.at(-1)!.detail).toMatchObject({ targetUserNo: 'S900000001', reason: '不能删除自己' });
  });

  it('keeps the last gateway administrator, whoever tries to remove them', async () => {
    // A staff role of a later release that manages users without being a gateway administrator.
    const { role_id } = await db().insertInto('roles').values({ role_code: 'STAFF_USER_ADMIN', role_name: '用户管理员' }).returning('role_id').executeTakeFirstOrThrow();
    await db()
      .insertInto('role_authorities')
      .values(['USER_MANAGE', 'ACTION_userEdit', 'ACTION_userDelete', 'ACTION_userAssign'].map((authority) => ({ role_id, authority })))
      .execute();
    const added = await call('/user/add', { username: 'sun.staff', nickName: '孙立', enterpriseNo: '9000000001', roleIds: [role_id] });
    expect(added.data).toMatchObject({ userNo: expect.stringMatching(/^S\d{9}$/) });
    await ready('sun.staff', 'Staff1234');
    await asUser('sun.staff', 'Staff1234');
    const me = (await userRow('admin'))!;

    for (const [path, body] of [
      ['/user/delete', { userNo: 'S900000001' }],
      ['/user/update', { userId: me.user_id, nickName: '陈涛', status: 0 }],
      ['/user/update', { userId: me.user_id, nickName: '陈涛', seatRoles: [{ userNo: 'S900000001', roleIds: [] }] }],
      ['/user/roles/add', { roleId: await roleId('STAFF_GATEWAY_ADMIN'), userNos: [] }],
    ] as const) {
      const { res, json } = await call(path, body, 'sun.staff');
      expect(res.statusCode, path).toBe(400);
      expect(json.returnMsg, path).toBe('至少保留一名API网关管理员，不能移除最后一名');
    }
    // Nothing was written: the administrator still logs in and holds the role.
    expect((await userRow('admin'))!.status).toBe(1);
    const authority = await call('/user/authority/query', { userNo: 'S900000001' });
    expect((authority.data as { roles: { roleCode: string }[] }).roles.map((r) => r.roleCode)).toEqual(['STAFF_GATEWAY_ADMIN']);

    // An administrator may make another one (their own membership stays as it is).
    const sunNo = (added.data as { userNo: string }).userNo;
    const both = await call('/user/roles/add', { roleId: await roleId('STAFF_GATEWAY_ADMIN'), userNos: ['S900000001', sunNo] });
    expect(both.data).toEqual({ roleId: await roleId('STAFF_GATEWAY_ADMIN'), added: [sunNo], removed: [] });
  });

  it('answers a seat’s roles and authorities with their descriptions', async () => {
    const { data, json } = await call('/user/authority/query', { userNo: 'U100000101' });
    expect(json.returnCode).toBe('000000');
    expect(data).toMatchObject({ userNo: 'U100000101', roles: [{ roleCode: 'CUSTOMER_MAKER', roleName: '经办员' }] });
    expect((data as { authorities: { authority: string; description: string }[] }).authorities).toContainEqual({ authority: 'INSTRUCTION_ENTRY', description: '指令录入' });
    expect((await call('/user/authority/query', { userNo: 'U999999999' })).json.returnMsg).toBe('用户号不存在');
    expect((await call('/user/authority/query', { userNo: 'bad' })).json.returnMsg).toBe('用户号格式不正确');
  });

  it('shows a person’s lock state for the unlock screen', async () => {
    const demo = (await userRow('demo'))!;
    expect((await get('/userUnlock/getUserById', { userId: demo.user_id })).data).toMatchObject({ username: 'demo', locked: false, lockedAt: null });
    const at = new Date(Date.now() - 60_000);
    await db().updateTable('users').set({ locked_at: at, failed_attempts: 5 }).where('user_id', '=', demo.user_id).execute();
    expect((await get('/userUnlock/getUserById', { userId: demo.user_id })).data).toMatchObject({ locked: true, failedAttempts: 5, lockedAt: at.toISOString() });
    await db().updateTable('users').set({ locked_at: null, failed_attempts: 0 }).where('user_id', '=', demo.user_id).execute();
  });

  it('resets a password: a one-time password shown once, 040007 at the next login, every session of the person ended', async () => {
    const demoToken = await client().token('demo', 'Demo1234');
    const demo = (await userRow('demo'))!;
    const reset = await call('/user/resetPassword', { userId: demo.user_id });
    expect(reset.json.returnCode).toBe('000000');
    const { password } = reset.data as { password: string };
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await client().get(`${P}/current/user`, {}, demoToken)).res.statusCode).toBe(401);
    expect((await client().attempt('demo', 'Demo1234')).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    const next = await client().attempt('demo', password);
    expect(next.json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);
    const entry = (await audits('user.password_reset')).find((a) => a.outcome === 'success');
    expect(entry).toMatchObject({ outcome: 'success', detail: { targetUserId: demo.user_id, after: { mustChangePassword: true } } });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('sets a password staff chose, under the new-password rules, with the same effect', async () => {
    const checkerToken = await client().token('checker', 'Demo1234');
    const checker = (await userRow('checker'))!;
    for (const [pw, message] of [
      ['abc', '长度8到12个字符'],
      ['abcdefghij', '密码复杂度不符合要求，必须包含数字和字母'],
      ['', '请输入密码'],
      ['Passw0rd', '该密码过于常见，请换一个'],
      ['Checker2026', '密码不能包含用户名'],
    ]) {
      const { res, json } = await call('/user/update/password', { userId: checker.user_id, password: pw });
      expect(res.statusCode).toBe(400);
      expect(json.returnMsg).toBe(message);
    }
    expect((await client().get(`${P}/current/user`, {}, checkerToken)).res.statusCode).toBe(200);
    expect((await call('/user/update/password', { userId: checker.user_id, password: 'Chosen123' })).json.returnCode).toBe('000000');
    expect((await client().get(`${P}/current/user`, {}, checkerToken)).res.statusCode).toBe(401);
    expect((await client().attempt('checker', 'Chosen123')).json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);
    const [entry] = await audits('user.password_set');
    expect(JSON.stringify(entry)).not.toContain('Chosen123');
  });

  it('replaces a role’s whole membership in one transaction', async () => {
    const reviewer = await roleId('CUSTOMER_REVIEWER');
    const roles = (await get('/user/roles')).data as { roleCode: string; userNos: string[]; userType: string; authorities: string[] }[];
    const before = roles.find((r) => r.roleCode === 'CUSTOMER_REVIEWER')!;
    expect(before).toMatchObject({ userType: 'customer' });
    expect(before.authorities).toContain('INSTRUCTION_REVIEW');

    // One bad user number, or one staff seat: nothing changes.
    expect((await call('/user/roles/add', { roleId: reviewer, userNos: ['U100000101', 'U999999999'] })).json.returnMsg).toBe('用户号不存在：U999999999');
    expect((await call('/user/roles/add', { roleId: reviewer, userNos: ['U100000101', 'S900000001'] })).json.returnMsg).toBe('角色“复核员”不能分配给银行员工');
    expect((await call('/user/roles/add', { roleId: 2147483647, userNos: [] })).json.returnMsg).toBe('角色不存在');
    const still = ((await get('/user/roles')).data as typeof roles).find((r) => r.roleCode === 'CUSTOMER_REVIEWER')!;
    expect(still.userNos).toEqual(before.userNos);

    const res = await call('/user/roles/add', { roleId: reviewer, userNos: ['U100000101', 'U100000101'] });
    // Removed members come in no particular order.
    const { removed, ...rest } = res.data as { roleId: number; added: string[]; removed: string[] };
    expect(rest).toMatchObject({ roleId: reviewer, added: ['U100000101'] });
    expect([...removed].sort()).toEqual(before.userNos.filter((n) => n !== 'U100000101').sort());
    const after = ((await get('/user/roles')).data as typeof roles).find((r) => r.roleCode === 'CUSTOMER_REVIEWER')!;
    expect(after.userNos).toEqual(['U100000101']);
    const entry = (await audits('role.members')).filter((a) => a.outcome === 'success').at(-1);
    expect(entry!.detail).toMatchObject({ roleCode: 'CUSTOMER_REVIEWER', before: before.userNos, after: ['U100000101'] });
  });

  it('lists every active seat for transfer lists', async () => {
    const all = (await get('/user/all', { enterpriseNo: '1000000001' })).data as { userNo: string; userName: string }[];
    expect(all).toContainEqual(expect.objectContaining({ userNo: 'U100000101', username: 'demo', enterpriseNo: '1000000001' }));
    expect(all.every((u) => u.userNo.startsWith('U'))).toBe(true);
    expect((await get('/user/all')).json.returnCode).toBe('000000');
  });

  it('deletes a seat, ending its sessions, and the person with their last seat', async () => {
    const added = await call('/user/add', { username: 'qian.two', nickName: '钱二', enterpriseNo: '1000000001', roleIds: [await roleId('CUSTOMER_MAKER')] });
    const { userId, userNo: first } = added.data as { userId: number; userNo: string };
    const second = ((await call('/user/userNo/add', { userId, enterpriseNo: '1000000003' })).data as { userNo: string }).userNo;
    await ready('qian.two', 'Qian1234');
    const token = await client().token('qian.two', 'Qian1234');
    expect((await client().get(`${P}/current/user`, {}, token)).data).toMatchObject({ userNo: first });

    const one = await call('/user/delete', { userNo: first });
    expect(one.data).toEqual({ userNo: first, userDeleted: false });
    expect((await client().get(`${P}/current/user`, {}, token)).res.statusCode).toBe(401);
    // The person logs in to the seat that is left.
    const again = await client().token('qian.two', 'Qian1234');
    expect((await client().get(`${P}/current/user`, {}, again)).data).toMatchObject({ userNo: second });

    const last = await call('/user/delete', { userNo: second });
    expect(last.data).toEqual({ userNo: second, userDeleted: true });
    expect(await userRow('qian.two')).toBeUndefined();
    expect((await client().get(`${P}/current/user`, {}, again)).res.statusCode).toBe(401);
    expect((await client().attempt('qian.two', 'Qian1234')).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    expect((await call('/user/delete', { userNo: second })).json.returnMsg).toBe('用户号不存在');

    const entries = (await audits('user.delete')).filter((a) => a.outcome === 'success');
    expect(entries.map((e) => e.detail)).toEqual([
      expect.objectContaining({ targetUserNo: first, userDeleted: false, before: expect.objectContaining({ enterpriseNo: '1000000001', roles: ['CUSTOMER_MAKER'] }) }),
      expect.objectContaining({ targetUserNo: second, userDeleted: true, username: 'qian.two' }),
    ]);
  });

  it('disables a person: their sessions end and they cannot log in', async () => {
    const token = await client().token('newuser', 'Init1234').catch(() => null);
    expect(token).toBeNull(); // must change first
    const added = await call('/user/add', { username: 'li.four', nickName: '李四', enterpriseNo: '1000000001' });
    const { userId } = added.data as { userId: number };
    await ready('li.four', 'Lisi1234');
    const live = await client().token('li.four', 'Lisi1234');
    expect((await call('/user/update', { userId, nickName: '李四', status: 0 })).json.returnCode).toBe('000000');
    expect((await client().get(`${P}/current/user`, {}, live)).res.statusCode).toBe(401);
    expect((await client().attempt('li.four', 'Lisi1234')).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
  });
});
