import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_CODES, authApi, usersApi, type AnyOperation } from '@portal/shared';
import { syncReferenceData } from '../../../src/reference/sync';
import { oneAdministratorEach, waived } from '../../helpers/dual-control';
import { serverUnderTest } from '../../helpers/server-under-test';

const HXYH = '1000000001'; // 华夏远航基金管理有限公司: qyadmin administers it
const ZTAS = '1000000002'; // 中泰安盛人寿: newuser's only seat (U100000201)
const DFJM = '1000000003'; // 东方精密制造: demo's second seat (U100000301)
// Dual control waived here (a fixture): these tests are of the operations themselves; test/modules/admin-changes holds them.
const BANK = '9000000001';
const LAST_ADMIN = '华夏远航基金管理有限公司至少保留一名企业管理员，不能移除最后一名';

/** The calls an enterprise administrator shares with staff, and those that stay staff's. */
const SHARED: AnyOperation[] = [
  usersApi.userList,
  usersApi.userAll,
  usersApi.userGet,
  usersApi.userAdd,
  usersApi.userUpdate,
  usersApi.userDelete,
  usersApi.userResetPassword,
  usersApi.userAuthorityQuery,
  usersApi.userUnlockGet,
  usersApi.userRoles,
  usersApi.userRolesAssign,
  authApi.lockedUsers,
  authApi.unlockUser,
];
const STAFF_ONLY: AnyOperation[] = [usersApi.userSeatAdd, usersApi.userSetPassword];

interface Page {
  total: number;
  records: { userNo: string; username: string; enterpriseNo: string; seatsElsewhere: boolean; roles: { roleCode: string }[] }[];
}
interface Role {
  roleId: number;
  roleCode: string;
  roleName: string;
  userType: string;
  userNos: string[];
}

describe('enterprise administrators manage their own operators', () => {
  const { app, client, db, asUser, pathOf, call, get, roleId, ready } = serverUnderTest({}, { logins: { staff: 'admin' }, caller: 'qyadmin', prepare: async (app) => {
    await waived(HXYH, DFJM, BANK)(app);
    await oneAdministratorEach(app);
  } });
  const user = async (username: string) => (await db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow());
  const rolesOf = async (userNo: string) =>
    (
      await db()
        .selectFrom('user_number_roles as r')
        .innerJoin('roles as ro', 'ro.role_id', 'r.role_id')
        .select('ro.role_code')
        .where('r.user_no', '=', userNo)
        .orderBy('ro.role_code')
        .execute()
    ).map((r) => r.role_code);
  const members = async (code: string) => ((await get('/user/roles', {}, 'staff')).data as Role[]).find((r) => r.roleCode === code)!.userNos;
  const lock = (username: string) => db().updateTable('users').set({ locked_at: new Date(Date.now() - 60_000), failed_attempts: 5 }).where('username', '=', username).execute();
  /** Everything a user call could change: people, seats, roles, lock state and passwords. */
  const snapshot = async () =>
    JSON.stringify([
      await db().selectFrom('users').select(['user_id', 'username', 'nick_name', 'mobile', 'email', 'status', 'password_hash', 'must_change_password', 'locked_at', 'failed_attempts']).orderBy('user_id').execute(),
      await db().selectFrom('user_numbers').selectAll().orderBy('user_no').execute(),
      await db().selectFrom('user_number_roles').selectAll().orderBy('user_no').orderBy('role_id').execute(),
    ]);
  const refused = (res: { res: { statusCode: number }; json: { returnMsg: string } }) => ({ status: res.res.statusCode, message: res.json.returnMsg });

  beforeAll(async () => {
    await asUser('staff');
    await asUser('qyadmin');
    // 东方精密制造's administrator, for the person with seats in both enterprises.
    const added = await call('/user/add', { username: 'dfadmin', nickName: '东方管理员', enterpriseNo: DFJM, roleIds: [await roleId('CUSTOMER_ADMIN')] }, 'staff');
    expect(added.json.returnCode).toBe('000000');
    await ready('dfadmin', 'Dfjm1234');
    await asUser('dfadmin', 'Dfjm1234');
  });

  it('opens the shared calls to the administrator only: 403 for other customers, 401 without a session, staff-only calls stay staff’s', async () => {
    for (const op of SHARED) {
      const res = op.method === 'GET' ? await get(op, {}, 'checker') : await call(op, {}, 'checker');
      expect(res.res.statusCode, `${op.method} ${op.path} checker`).toBe(403);
      expect(res.json.returnCode).toBe(RETURN_CODES.FORBIDDEN.code);
      const anonymous = op.method === 'GET' ? await client().envelope.get(pathOf(op)) : await client().envelope.post(pathOf(op), {});
      expect(anonymous.res.statusCode, `${op.method} ${op.path} anonymous`).toBe(401);
      expect(op.audience).toEqual(['staff', 'customer']);
    }
    for (const op of STAFF_ONLY) {
      const res = await call(op, { userId: 1, enterpriseNo: HXYH, password: 'Chosen123' }, 'qyadmin');
      expect(res.res.statusCode, op.path).toBe(403);
      expect(op.audience).toEqual(['staff']);
    }
    const menu = async (who: string) => ((await get('/current/user/menu', {}, who)).data as { menuCode: string }[]).map((m) => m.menuCode);
    expect(await menu('qyadmin')).toEqual(expect.arrayContaining(['system', 'operatorManagement', 'accountManagement']));
    expect(await menu('qyadmin')).not.toEqual(expect.arrayContaining(['userManagement', 'userUnlock', 'enterpriseManagement']));
    expect(await menu('checker')).not.toContain('operatorManagement');
  });

  it('numbers every new seat in its own enterprise’s block, and refuses one when the block is full', async () => {
    // dfadmin, added by staff before the tests, follows 东方精密's demo seats U100000301 and U100000302.
    expect((await db().selectFrom('user_numbers').select('user_no').where('user_id', '=', (await user('dfadmin')).user_id).executeTakeFirstOrThrow()).user_no).toBe('U100000303');
    const next = await call('/user/add', { username: 'df.ops1', nickName: '东方一', enterpriseNo: DFJM, roleIds: [] }, 'dfadmin');
    expect((next.data as { userNo: string }).userNo).toBe('U100000304');

    // The block's last serial taken: the next seat is refused with a reason, and nothing is written.
    const { user_id } = await user('df.ops1');
    await db().updateTable('user_numbers').set({ user_no: 'U100000399' }).where('user_id', '=', user_id).execute();
    const before = await snapshot();
    const full = await call('/user/add', { username: 'df.ops2', nickName: '东方二', enterpriseNo: DFJM, roleIds: [] }, 'dfadmin');
    expect(full.res.statusCode).toBe(400);
    expect(full.json.returnMsg).toBe('本企业用户号已用完，请联系托管行');
    expect(await snapshot()).toEqual(before);
    await db().updateTable('user_numbers').set({ user_no: 'U100000304' }).where('user_id', '=', user_id).execute();
  });

  it('sees its own enterprise’s seats and the customer roles, nothing of other enterprises', async () => {
    const page = (await get('/user', { limit: 100 })).data as Page;
    expect(page.records.map((r) => r.userNo)).toEqual(['U100000101', 'U100000102', 'U100000103', 'U100000104', 'U100000105', 'U100000106']);
    expect(page.records.every((r) => r.enterpriseNo === HXYH)).toBe(true);
    // demo also has a seat in 东方精密制造: only the bank changes that login.
    expect(page.records.filter((r) => r.seatsElsewhere).map((r) => r.username)).toEqual(['demo']);
    expect(((await get('/user', { enterpriseNo: '0000003' })).data as Page).total).toBe(0);
    expect(((await get('/user', { username: 'newuser' })).data as Page).total).toBe(0);

    const all = (await get('/user/all')).data as { userNo: string; enterpriseNo: string }[];
    expect(all.every((s) => s.enterpriseNo === HXYH)).toBe(true);
    expect((await get('/user/all', { enterpriseNo: ZTAS })).data).toEqual([]);

    const demo = await user('demo');
    expect((await get('/getUserById', { userId: demo.user_id })).data).toMatchObject({ username: 'demo', seatsElsewhere: true, seats: [{ userNo: 'U100000101' }] });
    expect(((await get('/getUserById', { userId: demo.user_id })).data as { seats: unknown[] }).seats).toHaveLength(1);

    const roles = (await get('/user/roles')).data as Role[];
    expect(roles.map((r) => r.roleName)).toEqual(['经办员', '复核员', '第三方确认员', '第三方确认复核员', '企业管理员']);
    expect(roles.every((r) => r.userType === 'customer' && r.userNos.every((n) => ['U100000101', 'U100000102', 'U100000103', 'U100000104', 'U100000105', 'U100000106'].includes(n)))).toBe(true);
    expect(roles.find((r) => r.roleCode === 'CUSTOMER_MAKER')!.userNos).not.toContain('U100000201');

    expect(((await call('/user/authority/query', { userNo: 'U100000103' })).data as { authorities: { authority: string }[] }).authorities.map((a) => a.authority)).toEqual(
      expect.arrayContaining(['OPERATOR_MANAGE', 'ACTION_userAdd', 'ACTION_userUnlock']),
    );
  });

  it('adds an operator to its own enterprise with a one-time password to change at the first login', async () => {
    const maker = await roleId('CUSTOMER_MAKER');
    const confirmer = await roleId('CUSTOMER_THIRD_PARTY_CONFIRMER');
    const added = await call('/user/add', { username: 'hx.ops1', nickName: '郑一', enterpriseNo: HXYH, roleIds: [maker, confirmer] });
    expect(added.json.returnCode).toBe('000000');
    const { userNo, initialPassword } = added.data as { userNo: string; initialPassword: string };
    expect(await db().selectFrom('user_numbers').select('enterprise_no').where('user_no', '=', userNo).executeTakeFirst()).toEqual({ enterprise_no: HXYH });
    // In 华夏远航's own block (U1000001xx), not after the highest number of all (U200000102 is 中安信托's).
    expect(userNo).toMatch(/^U1000001\d{2}$/);
    expect(await rolesOf(userNo)).toEqual(['CUSTOMER_MAKER', 'CUSTOMER_THIRD_PARTY_CONFIRMER']);
    expect((await client().attempt('hx.ops1', initialPassword)).json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);
    const entry = await db().selectFrom('audit_log').selectAll().where('event', '=', 'user.add').where('username', '=', 'qyadmin').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ outcome: 'success', detail: { after: { username: 'hx.ops1', enterpriseNo: HXYH } } });

    const before = await snapshot();
    for (const [body, message] of [
      [{ username: 'hx.ops2', nickName: '郑二', enterpriseNo: ZTAS }, '只能管理本企业的用户'],
      // A username taken in another enterprise answers as any taken name does, and says nothing of it.
      [{ username: 'NewUser', nickName: '郑二', enterpriseNo: HXYH }, '用户名已存在'],
      [{ username: 'hx.ops2', nickName: '郑二', enterpriseNo: HXYH, roleIds: [await roleId('STAFF_GATEWAY_ADMIN')] }, '角色“API网关管理员”只能分配给银行员工'],
    ] as const) {
      expect(refused(await call('/user/add', body)), JSON.stringify(body)).toEqual({ status: 400, message });
    }
    expect(await snapshot()).toBe(before);
  });

  it('edits, resets and unlocks its own operators, and changes their roles', async () => {
    const zhou = await user('zhouyang');
    const reviewer = await roleId('CUSTOMER_REVIEWER');
    const updated = await call('/user/update', { userId: zhou.user_id, nickName: '周洋（运营）', mobile: '13522220000', seatRoles: [{ userNo: 'U100000104', roleIds: [reviewer] }] });
    expect(updated.json.returnCode).toBe('000000');
    expect(await user('zhouyang')).toMatchObject({ nick_name: '周洋（运营）', mobile: '13522220000' });
    expect(await rolesOf('U100000104')).toEqual(['CUSTOMER_REVIEWER']);

    await lock('zhouyang');
    const locked = (await call('/userUnlock/queryLockUser', {})).data as { username: string }[];
    expect(locked.map((u) => u.username)).toEqual(['zhouyang']);
    expect((await get('/userUnlock/getUserById', { userId: zhou.user_id })).data).toMatchObject({ locked: true, failedAttempts: 5 });
    expect((await call('/userUnlock/update', { userId: zhou.user_id })).json.returnCode).toBe('000000');
    expect(await user('zhouyang')).toMatchObject({ locked_at: null, failed_attempts: 0 });
    expect(refused(await call('/userUnlock/update', { userId: zhou.user_id }))).toEqual({ status: 400, message: '该用户未被锁定' });

    const reset = await call('/user/resetPassword', { userId: zhou.user_id });
    expect(reset.json.returnCode).toBe('000000');
    const { password } = reset.data as { password: string };
    expect((await client().attempt('zhouyang', password)).json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);
  });

  it('refuses every call on another enterprise’s seat or person, changing nothing', async () => {
    const newuser = await user('newuser');
    await lock('newuser');
    const maker = await roleId('CUSTOMER_MAKER');
    const before = await snapshot();
    const calls: [string, string, Record<string, unknown>, string][] = [
      ['GET', '/getUserById', { userId: newuser.user_id }, '用户不存在'],
      ['GET', '/userUnlock/getUserById', { userId: newuser.user_id }, '用户不存在'],
      ['POST', '/user/update', { userId: newuser.user_id, nickName: '王磊' }, '用户不存在'],
      ['POST', '/user/update', { userId: (await user('qyadmin')).user_id, nickName: '刘芳', seatRoles: [{ userNo: 'U100000201', roleIds: [] }] }, '用户号不属于该用户'],
      ['POST', '/user/delete', { userNo: 'U100000201' }, '用户号不存在'],
      ['POST', '/user/resetPassword', { userId: newuser.user_id }, '用户不存在'],
      ['POST', '/user/authority/query', { userNo: 'U100000201' }, '用户号不存在'],
      ['POST', '/user/roles/add', { roleId: maker, userNos: ['U100000101', 'U100000201'] }, '用户号不存在：U100000201'],
      ['POST', '/user/add', { username: 'hx.other', nickName: '外', enterpriseNo: ZTAS }, '只能管理本企业的用户'],
      ['POST', '/userUnlock/update', { userId: newuser.user_id }, '用户不存在'],
    ];
    for (const [method, path, body, message] of calls) {
      const res = method === 'GET' ? await get(path, body) : await call(path, body);
      expect(refused(res), `${path} ${JSON.stringify(body)}`).toEqual({ status: 400, message });
    }
    expect(await snapshot()).toBe(before);
    expect(((await call('/userUnlock/queryLockUser', {})).data as { username: string }[]).map((u) => u.username)).not.toContain('newuser');
    const audit = await db().selectFrom('audit_log').select('detail').where('event', '=', 'user.unlock').where('outcome', '=', 'failure').orderBy('audit_id').execute();
    expect(audit.at(-1)!.detail).toMatchObject({ targetUserId: newuser.user_id, reason: '用户不存在' });
  });

  it('leaves a person with seats in two enterprises to the bank: neither administrator edits, resets or unlocks them', async () => {
    const demo = await user('demo');
    await lock('demo');
    const before = await snapshot();
    for (const who of ['qyadmin', 'dfadmin']) {
      expect(refused(await call('/user/update', { userId: demo.user_id, nickName: '张三', mobile: demo.mobile, email: demo.email, branchCode: demo.branch_code }, who))).toEqual({
        status: 400,
        message: '该用户在其他企业也有用户号，不能修改其姓名、联系方式或状态，请联系银行办理',
      });
      expect(refused(await call('/user/update', { userId: demo.user_id, nickName: demo.nick_name, mobile: demo.mobile, email: demo.email, branchCode: demo.branch_code, status: 0 }, who)).message).toMatch(/^该用户在其他企业也有用户号/);
      expect(refused(await call('/user/resetPassword', { userId: demo.user_id }, who))).toEqual({ status: 400, message: '该用户在其他企业也有用户号，不能重置其密码，请联系银行办理' });
      expect(refused(await call('/userUnlock/update', { userId: demo.user_id }, who))).toEqual({ status: 400, message: '该用户在其他企业也有用户号，不能解锁，请联系银行办理' });
    }
    expect(await snapshot()).toBe(before);
    // The lock shows to both, so they know whom to ask the bank about.
    expect(((await call('/userUnlock/queryLockUser', {}, 'dfadmin')).data as { username: string }[]).map((u) => u.username)).toContain('demo');
    expect((await call('/userUnlock/update', { userId: demo.user_id }, 'staff')).json.returnCode).toBe('000000');

    // The seat in one's own enterprise is the administrator's: its roles, with the login as it is.
    const unchanged = { userId: demo.user_id, nickName: demo.nick_name, mobile: demo.mobile, email: demo.email, userDesc: demo.user_desc, branchCode: demo.branch_code };
    const reviewer = await roleId('CUSTOMER_REVIEWER');
    const maker = await roleId('CUSTOMER_MAKER');
    expect((await call('/user/update', { ...unchanged, seatRoles: [{ userNo: 'U100000301', roleIds: [maker, reviewer] }] }, 'dfadmin')).json.returnCode).toBe('000000');
    expect(await rolesOf('U100000301')).toEqual(['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
    expect(await rolesOf('U100000101')).toEqual(['CUSTOMER_MAKER']);
  });

  it('replaces a role’s members within its own enterprise only, and never hands out a staff role', async () => {
    const reviewer = await roleId('CUSTOMER_REVIEWER');
    expect((await call('/user/roles/add', { roleId: reviewer, userNos: ['U100000102', 'U100000201', 'U100000301'] }, 'staff')).json.returnCode).toBe('000000');

    const res = await call('/user/roles/add', { roleId: reviewer, userNos: ['U100000104', 'U100000105'] });
    expect(res.data).toEqual({ roleId: reviewer, added: ['U100000104', 'U100000105'], removed: ['U100000102'] });
    expect((await members('CUSTOMER_REVIEWER')).sort()).toEqual(['U100000104', 'U100000105', 'U100000201', 'U100000301']);
    expect(((await get('/user/roles')).data as Role[]).find((r) => r.roleId === reviewer)!.userNos).toEqual(['U100000104', 'U100000105']);

    const gateway = await roleId('STAFF_GATEWAY_ADMIN');
    const before = await snapshot();
    expect(refused(await call('/user/roles/add', { roleId: gateway, userNos: [] }))).toEqual({ status: 400, message: '角色“API网关管理员”只能分配给银行员工' });
    expect(refused(await call('/user/roles/add', { roleId: gateway, userNos: ['U100000104'] }))).toEqual({ status: 400, message: '角色“API网关管理员”只能分配给银行员工' });
    const zhou = await user('zhouyang');
    expect(refused(await call('/user/update', { userId: zhou.user_id, nickName: zhou.nick_name, mobile: zhou.mobile, email: zhou.email, seatRoles: [{ userNo: 'U100000104', roleIds: [gateway] }] }))).toEqual({
      status: 400,
      message: '角色“API网关管理员”只能分配给银行员工',
    });
    expect(await snapshot()).toBe(before);
    expect(await members('STAFF_GATEWAY_ADMIN')).toEqual(['S900000001']);
  });

  it('never deletes itself nor changes its own roles, and its enterprise keeps an administrator', async () => {
    const me = await user('qyadmin');
    const admin = await roleId('CUSTOMER_ADMIN');
    const before = await snapshot();
    expect(refused(await call('/user/delete', { userNo: 'U100000103' }))).toEqual({ status: 400, message: '不能删除自己' });
    expect(refused(await call('/user/roles/add', { roleId: admin, userNos: [] }))).toEqual({ status: 400, message: '不能修改自己的角色' });
    expect(refused(await call('/user/update', { userId: me.user_id, nickName: me.nick_name, mobile: me.mobile, email: me.email, seatRoles: [{ userNo: 'U100000103', roleIds: [] }] }))).toEqual({
      status: 400,
      message: '不能修改自己的角色',
    });
    expect(refused(await call('/user/update', { userId: me.user_id, nickName: me.nick_name, status: 0 }))).toEqual({ status: 400, message: '不能停用自己' });
    expect(refused(await call('/user/resetPassword', { userId: me.user_id }))).toEqual({ status: 400, message: '请通过修改密码功能修改自己的密码' });
    // Staff cannot leave the enterprise's operators without an administrator either.
    expect(refused(await call('/user/roles/add', { roleId: admin, userNos: [] }, 'staff'))).toEqual({ status: 400, message: LAST_ADMIN });
    expect(refused(await call('/user/update', { userId: me.user_id, nickName: me.nick_name, status: 0 }, 'staff'))).toEqual({ status: 400, message: LAST_ADMIN });
    expect(refused(await call('/user/delete', { userNo: 'U100000103' }, 'staff'))).toEqual({ status: 400, message: LAST_ADMIN });
    expect(await snapshot()).toBe(before);

    // With a second administrator, one may go.
    expect((await call('/user/roles/add', { roleId: admin, userNos: ['U100000103', 'U100000104'] })).data).toMatchObject({ added: ['U100000104'], removed: [] });
    expect((await call('/user/roles/add', { roleId: admin, userNos: ['U100000103'] })).data).toMatchObject({ added: [], removed: ['U100000104'] });
  });

  it('deletes a seat of its enterprise: the person with their last seat, a shared person keeps the other', async () => {
    const ops = (await get('/user', { username: 'hx.ops1' })).data as Page;
    const seat = ops.records[0]!.userNo;
    expect((await call('/user/delete', { userNo: seat })).data).toEqual({ userNo: seat, userDeleted: true });
    expect(await db().selectFrom('users').select('user_id').where('username', '=', 'hx.ops1').executeTakeFirst()).toBeUndefined();

    expect((await call('/user/delete', { userNo: 'U100000301' }, 'dfadmin')).data).toEqual({ userNo: 'U100000301', userDeleted: false });
    expect((await db().selectFrom('user_numbers').select('user_no').where('user_id', '=', (await user('demo')).user_id).execute()).map((s) => s.user_no)).toEqual(['U100000101']);
    // Now wholly 华夏远航's: its administrator may change the login.
    const demo = await user('demo');
    expect((await call('/user/update', { userId: demo.user_id, nickName: '张晓明（运营）', mobile: demo.mobile, email: demo.email, branchCode: demo.branch_code })).json.returnCode).toBe('000000');
  });

  it('the start-up sync leaves a role exactly the authorities it lists', async () => {
    const reviewer = await roleId('CUSTOMER_REVIEWER');
    // As an older release left it: the reviewer also confirmed for third parties.
    await db().insertInto('role_authorities').values({ role_id: reviewer, authority: 'THIRD_PARTY_CONFIRM' }).execute();
    await syncReferenceData(app().stores.database, app().config);
    const held = (await db().selectFrom('role_authorities').select('authority').where('role_id', '=', reviewer).execute()).map((r) => r.authority);
    expect(held).not.toContain('THIRD_PARTY_CONFIRM');
    expect(held).toContain('INSTRUCTION_REVIEW');
  });
});
