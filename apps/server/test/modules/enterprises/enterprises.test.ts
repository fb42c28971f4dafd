import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_CODES, enterprisesApi, type AnyOperation } from '@portal/shared';
import { hashPassword } from '../../../src/modules/auth/password-hash';
import { serverUnderTest } from '../../helpers/server-under-test';

const P = '/pmobile/customer';
const ENTERPRISE_OPERATIONS = (Object.values(enterprisesApi) as unknown[]).filter((v): v is AnyOperation => typeof v === 'object' && v !== null && 'defaults' in v);

describe('staff administration of enterprises', () => {
  const { client, db, asUser, call, get, audits } = serverUnderTest({}, { caller: 'admin' });
  const enterprise = (no: string) => db().selectFrom('enterprises').selectAll().where('enterprise_no', '=', no).executeTakeFirst();

  beforeAll(async () => {
    await asUser('admin');
  });

  it('refuses a customer session with 403 on every call', async () => {
    const customer = await client().token('checker', 'Demo1234');
    for (const op of ENTERPRISE_OPERATIONS) {
      const path = `/pmobile${op.path.replace('{prefix}', 'customer')}`;
      const res = op.method === 'GET' ? await client().get(path, {}, customer) : await client().call(path, { enterpriseNo: '1000000001' }, customer);
      expect(res.res.statusCode, `${op.method} ${path}`).toBe(403);
      expect(res.json.returnCode).toBe(RETURN_CODES.FORBIDDEN.code);
    }
    expect(ENTERPRISE_OPERATIONS.length).toBe(7);
    expect(await enterprise('1000000001')).toMatchObject({ status: 1 });
  });

  it('lists enterprises with paging, filters and seat counts', async () => {
    const { data, json } = await get('/enterprise', { limit: 10 });
    expect(json.returnCode).toBe('000000');
    const page = data as { total: number; records: { enterpriseNo: string; enterpriseTypeName: string; userCount: number; status: number }[] };
    // Three customers, the bank, and the two third-party institutions of the account seed.
    expect(page.total).toBe(6);
    expect(page.records.find((r) => r.enterpriseNo === '1000000001')).toMatchObject({ enterpriseTypeName: '基金管理人', userCount: 6, status: 1 });
    // The bank: the two gateway administrators and the custodian's checker and executor.
    expect(page.records.find((r) => r.enterpriseNo === '9000000001')).toMatchObject({ enterpriseTypeName: '银行', userCount: 4 });
    expect(((await get('/enterprise', { enterpriseName: '人寿' })).data as typeof page).records.map((r) => r.enterpriseNo)).toEqual(['1000000002']);
    expect(((await get('/enterprise', { enterpriseType: 'corporate' })).data as typeof page).total).toBe(1);
    expect(((await get('/enterprise', { enterpriseType: 'third_party' })).data as typeof page).total).toBe(2);
    expect(((await get('/enterprise', { page: 2, limit: 4 })).data as typeof page).records).toHaveLength(2);
    const bad = await get('/enterprise', { enterpriseType: 'hedge_fund' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.json.returnMsg).toBe('企业类型须为基金管理人、保险公司、企业、第三方机构或银行');
    expect(((await get('/enterprise/all')).data as unknown[]).length).toBe(6);
  });

  it('adds an enterprise with its first administrator, whose initial password must be changed at the first login', async () => {
    const res = await call('/enterprise/add', {
      enterpriseNo: '1000000009',
      enterpriseName: '恒信第三方估值服务有限公司',
      enterpriseType: 'third_party',
      adminUsername: 'hengxin.admin',
      adminNickName: '周航',
    });
    expect(res.json.returnCode).toBe('000000');
    const created = res.data as { userNo: string; initialPassword: string; username: string };
    expect(created).toMatchObject({ enterpriseNo: '1000000009', username: 'hengxin.admin', userNo: expect.stringMatching(/^U\d{9}$/) });
    expect(await enterprise('1000000009')).toMatchObject({ enterprise_type: 'third_party', status: 1 });
    const seat = await db()
      .selectFrom('user_number_roles as r')
      .innerJoin('roles as ro', 'ro.role_id', 'r.role_id')
      .select('ro.role_code')
      .where('r.user_no', '=', created.userNo)
      .execute();
    expect(seat).toEqual([{ role_code: 'CUSTOMER_ADMIN' }]);
    expect((await client().attempt('hengxin.admin', created.initialPassword)).json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);

    const [entry] = await audits('enterprise.add');
    expect(entry).toMatchObject({ outcome: 'success', detail: { enterpriseNo: '1000000009', after: { enterpriseType: 'third_party', admin: { username: 'hengxin.admin' } } } });
    expect(JSON.stringify(entry)).not.toContain(created.initialPassword);
  });

  it('refuses bad input with 400 and writes nothing, not even the enterprise when its administrator is refused', async () => {
    const count = async () => (await db().selectFrom('enterprises').select('enterprise_no').execute()).length;
    const before = await count();
    const valid = { enterpriseNo: '1000000010', enterpriseName: '新企业', enterpriseType: 'corporate', adminUsername: 'new.admin', adminNickName: '管理员' };
    for (const [patch, message] of [
      [{ enterpriseNo: 'abc' }, '企业编号须为10位数字'],
      [{ enterpriseNo: '1000000001' }, '企业编号已存在'],
      [{ enterpriseName: '' }, '请输入企业名称'],
      [{ enterpriseName: '华夏远航基金管理有限公司' }, '企业名称已存在'],
      [{ enterpriseType: 'hedge_fund' }, '企业类型须为基金管理人、保险公司、企业、第三方机构或银行'],
      [{ adminUsername: 'Demo' }, '用户名已存在'],
      [{ adminUsername: '9x' }, '用户名须以字母开头，3到32位字母、数字、_ . -'],
      [{ adminNickName: '\u0007' }, '用户姓名不能包含控制字符'],
    ] as const) {
      const { res, json } = await call('/enterprise/add', { ...valid, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(json.returnMsg, JSON.stringify(patch)).toBe(message);
    }
    expect(await count()).toBe(before);
    expect(await enterprise('1000000010')).toBeUndefined();
  });

  it('updates an enterprise, audited with before and after, but never the bank’s own', async () => {
    const res = await call('/enterprise/update', { enterpriseNo: '1000000003', enterpriseName: '东方精密制造集团', enterpriseType: 'corporate' });
    expect(res.json.returnCode).toBe('000000');
    expect(await enterprise('1000000003')).toMatchObject({ enterprise_name: '东方精密制造集团' });
    const [entry] = await audits('enterprise.update');
    expect(entry!.detail).toMatchObject({ before: { enterpriseName: '东方精密制造集团股份有限公司' }, after: { enterpriseName: '东方精密制造集团' } });

    for (const [body, message] of [
      [{ enterpriseNo: '9000000001', enterpriseName: '改名', enterpriseType: 'bank' }, '银行托管部为系统数据，不能修改、停用或删除'],
      [{ enterpriseNo: '1999999999', enterpriseName: '无', enterpriseType: 'bank' }, '企业不存在'],
      [{ enterpriseNo: '1000000003', enterpriseName: '中泰安盛人寿保险股份有限公司', enterpriseType: 'corporate' }, '企业名称已存在'],
    ] as const) {
      expect((await call('/enterprise/update', body)).json.returnMsg).toBe(message);
    }
    expect((await call('/enterprise/disable', { enterpriseNo: '9000000001' })).json.returnMsg).toBe('银行托管部为系统数据，不能修改、停用或删除');
  });

  it('disables an enterprise: live sessions on its seats end and its users cannot log in; enabling lets them back', async () => {
    const checker = await client().token('checker', 'Demo1234');
    const demo = await client().token('demo', 'Demo1234');
    const res = await call('/enterprise/disable', { enterpriseNo: '1000000001' });
    expect(res.json.returnCode).toBe('000000');
    expect((await client().get(`${P}/current/user`, {}, checker)).res.statusCode).toBe(401);
    expect((await client().get(`${P}/current/user`, {}, demo)).res.statusCode).toBe(401);

    // checker's only seat is there: refused with the reason (the password was right).
    const refused = await client().attempt('checker', 'Demo1234');
    expect(refused.res.statusCode).toBe(403);
    expect(refused.json).toMatchObject({ returnCode: RETURN_CODES.ENTERPRISE_DISABLED.code, returnMsg: '所属企业已停用，请联系管理员' });
    // A wrong password still says only that.
    expect((await client().attempt('checker', 'Wrong1234')).json.returnCode).toBe(RETURN_CODES.CREDENTIALS_INVALID.code);
    // demo has a seat elsewhere and lands there; the disabled seat cannot be chosen.
    const other = await client().token('demo', 'Demo1234');
    expect((await client().get(`${P}/current/user`, {}, other)).data).toMatchObject({ userNo: 'U100000301', userNoList: [{ userNo: 'U100000301' }] });
    expect((await client().attempt('demo', 'Demo1234', { userNo: 'U100000101' })).json.returnCode).toBe(RETURN_CODES.USER_NO_INVALID.code);

    const [login] = (await db().selectFrom('audit_log').select('detail').where('event', '=', 'login').where('username', '=', 'checker').orderBy('audit_id', 'desc').limit(2).execute()).reverse();
    expect(login!.detail).toEqual({ reason: 'enterprise_disabled' });
    expect((await audits('enterprise.disable')).find((a) => a.outcome === 'success')).toMatchObject({ outcome: 'success', detail: { before: { status: 1 }, after: { status: 0 }, sessionsEnded: true } });
    expect((await call('/enterprise/disable', { enterpriseNo: '1000000001' })).json.returnMsg).toBe('企业已停用');
    expect(((await get('/enterprise/all')).data as { enterpriseNo: string }[]).map((e) => e.enterpriseNo)).not.toContain('1000000001');

    expect((await call('/enterprise/enable', { enterpriseNo: '1000000001' })).json.returnCode).toBe('000000');
    expect((await client().attempt('checker', 'Demo1234')).json.returnCode).toBe('000000');
    expect((await call('/enterprise/enable', { enterpriseNo: '1000000001' })).json.returnMsg).toBe('企业未停用');
  });

  it('deletes only an enterprise without seats', async () => {
    expect((await call('/enterprise/delete', { enterpriseNo: '1000000002' })).json.returnMsg).toBe('企业下仍有用户，不能删除，只能停用');
    const created = await call('/enterprise/add', { enterpriseNo: '1000000011', enterpriseName: '短期企业', enterpriseType: 'insurer', adminUsername: 'short.admin', adminNickName: '吴' });
    const { userNo } = created.data as { userNo: string };
    expect((await call('/enterprise/delete', { enterpriseNo: '1000000011' })).json.returnMsg).toBe('企业下仍有用户，不能删除，只能停用');
    expect((await call('/user/delete', { userNo })).data).toEqual({ userNo, userDeleted: true });
    expect((await call('/enterprise/delete', { enterpriseNo: '1000000011' })).json.returnCode).toBe('000000');
    expect(await enterprise('1000000011')).toBeUndefined();
    expect((await audits('enterprise.delete')).map((a) => a.outcome)).toEqual(['failure', 'failure', 'success']);
    expect((await call('/enterprise/delete', { enterpriseNo: '1000000011' })).json.returnMsg).toBe('企业不存在');
  });

  it('a user with must-change and every seat in a disabled enterprise gets no change ticket', async () => {
    await db().updateTable('users').set({ password_hash: await hashPassword('Init1234') }).where('username', '=', 'newuser').execute();
    expect((await client().attempt('newuser', 'Init1234')).json.returnCode).toBe(RETURN_CODES.MUST_CHANGE_PASSWORD.code);
    await call('/enterprise/disable', { enterpriseNo: '1000000002' });
    const refused = await client().attempt('newuser', 'Init1234');
    expect(refused.json.returnCode).toBe(RETURN_CODES.ENTERPRISE_DISABLED.code);
    expect(refused.json.data).toBeNull();
  });
});
