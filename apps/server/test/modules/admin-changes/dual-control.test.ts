import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELD_MESSAGE, accountsApi, adminChangesApi, approvalRulesApi, authApi, gatewayApi, usersApi, type AdminChange } from '@portal/shared';
import { reportDefinition } from '../../../src/modules/reports/registry';
import { sm3Hex } from '../../../src/sm3';
import { serverUnderTest } from '../../helpers/server-under-test';

const HXYH = '1000000001'; // 华夏远航: qyadmin and qyapprove administer it
const DFJM = '1000000003'; // 东方精密制造: one administrator (dfadmin), added here
const STALE = '该变更提交后，其对象已被修改，不能再生效；请撤回后重新提交';
const OWN = '不能审批自己提交的变更，请由另一位管理员审批';
const SINGLE = '本企业目前只有一位管理员，管理操作须由另一位管理员审批后生效。请联系银行为本企业开立第二位管理员，或申请银行豁免双人审批。';

interface Page {
  total: number;
  records: AdminChange[];
  control: { waived: boolean; administrators: number; message: string | null };
}

describe('dual control of administration (待审批变更)', () => {
  const { db, asUser, call, get, audits, roleId, ready } = serverUnderTest(
    {},
    { logins: { maker: 'qyadmin', checker: 'qyapprove', staff: 'admin', staff2: 'secadmin' }, caller: 'qyadmin' },
  );
  const user = (username: string) => db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const change = (id: number) => db().selectFrom('admin_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const rolesOf = async (userNo: string) =>
    (await db().selectFrom('user_number_roles as r').innerJoin('roles as ro', 'ro.role_id', 'r.role_id').select('ro.role_code').where('r.user_no', '=', userNo).orderBy('ro.role_code').execute()).map((r) => r.role_code);

  /** A held call: 202, the pending change's number, and the change row as the maker left it. */
  const held = async (op: Parameters<typeof call>[0], body: unknown, who = 'maker') => {
    const { res, json, data: answer } = await call(op, body, who);
    expect(res.statusCode, json.returnMsg).toBe(202);
    expect(json.returnCode).toBe('000000');
    const data = answer as { pendingChangeId: number; message: string };
    expect(data.message).toBe(HELD_MESSAGE);
    expect((await change(data.pendingChangeId)).status).toBe('pending');
    return data.pendingChangeId;
  };
  const decide = (changeId: number, result: 'pass' | 'refuse', who: string, reason = '') => call(adminChangesApi.adminChangeDecide, { changeId, result, reason }, who);
  const approve = async (changeId: number, who = 'checker') => {
    const { res, json, data } = await decide(changeId, 'pass', who);
    expect(res.statusCode, json.returnMsg).toBe(200);
    expect((data as { status: string }).status).toBe('applied');
    const row = await change(changeId);
    expect(row.status).toBe('applied');
    // Both sides are signed: the maker's operation (where it is a signed one) and the decision.
    expect(row.decision_sign_code).toBe('AdminChangeDecision');
    return (data as { result: unknown }).result;
  };

  beforeAll(async () => {
    await asUser('maker');
    await asUser('checker');
    await asUser('staff');
    await asUser('staff2');
    // 东方精密制造 gets one administrator: a staff change to a customer's operators applies at once.
    const added = await call(usersApi.userAdd, { username: 'dfadmin', nickName: '东方管理员', enterpriseNo: DFJM, roleIds: [await roleId('CUSTOMER_ADMIN')] }, 'staff');
    expect(added.res.statusCode, added.json.returnMsg).toBe(200);
    await ready('dfadmin', 'Dfjm1234');
    await asUser('dfadmin', 'Dfjm1234');
  });

  it('holds an operator edit until a second administrator approves it, refusing it to its maker', async () => {
    const zhouyang = await user('zhouyang');
    const edit = { userId: zhouyang.user_id, nickName: '周洋', mobile: '13900009999', email: zhouyang.email ?? '', userDesc: '', branchCode: zhouyang.branch_code ?? '', status: 1, seatRoles: [] };
    const id = await held(usersApi.userUpdate, edit);
    expect((await user('zhouyang')).mobile).toBe(zhouyang.mobile);

    const own = await decide(id, 'pass', 'maker');
    expect(own.res.statusCode).toBe(400);
    expect(own.json.returnMsg).toBe(OWN);
    expect((await change(id)).status).toBe('pending');

    const page = (await get(adminChangesApi.adminChangePage, { status: 'pending' }, 'checker')).data as Page;
    const listed = page.records.find((r) => r.id === id)!;
    expect(listed).toMatchObject({ kind: 'operator.update', kindLabel: '修改操作员', mine: false, makerUserNo: 'U100000103' });
    expect((listed.before as { mobile: string }).mobile).toBe(zhouyang.mobile);
    expect((listed.after as { mobile: string }).mobile).toBe('13900009999');
    expect(page.control).toEqual({ waived: false, administrators: 2, message: null });

    await approve(id);
    expect((await user('zhouyang')).mobile).toBe('13900009999');
    const [entry] = (await audits('user.update')).slice(-1);
    expect(entry).toMatchObject({ outcome: 'success', user_no: 'U100000106' });
    expect((await audits('admin_change.approve')).at(-1)).toMatchObject({ outcome: 'success', user_no: 'U100000106' });
    expect((await audits('admin_change.submit')).at(-1)).toMatchObject({ outcome: 'success', user_no: 'U100000103' });

    const again = await decide(id, 'pass', 'checker');
    expect(again.json.returnMsg).toBe('该变更已生效，不能再处理');
  });

  it('holds role membership, account rights, password reset, unlock, add and delete; each applies only on approval', async () => {
    // Role membership: 孙丽 becomes a reviewer too.
    const reviewer = await roleId('CUSTOMER_REVIEWER');
    const members = (await db().selectFrom('user_number_roles as r').innerJoin('user_numbers as n', 'n.user_no', 'r.user_no').select('r.user_no').where('r.role_id', '=', reviewer).where('n.enterprise_no', '=', HXYH).execute()).map((m) => m.user_no);
    const roleChange = await held(usersApi.userRolesAssign, { roleId: reviewer, userNos: [...new Set([...members, 'U100000105'])] });
    expect(await rolesOf('U100000105')).toEqual(['CUSTOMER_MAKER']);
    await approve(roleChange);
    expect(await rolesOf('U100000105')).toEqual(['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);

    // Account rights of 周洋.
    const accounts = await db().selectFrom('ebank_accounts').select('account_no').where('enterprise_no', '=', HXYH).orderBy('account_no').limit(1).execute();
    const list = [{ accountNo: accounts[0]!.account_no, canQuery: true, canEntry: false, canReview: false }];
    const rights = { userNo: 'U100000104', accounts: list, accountCount: list.length, rightsSm3: sm3Hex(accountsApi.accountRightsText(list)) };
    const rightsChange = await held(accountsApi.personModify, rights);
    const before = await db().selectFrom('account_auth').selectAll().where('user_no', '=', 'U100000104').execute();
    await approve(rightsChange);
    const after = await db().selectFrom('account_auth').selectAll().where('user_no', '=', 'U100000104').execute();
    expect(after.map((r) => r.account_no)).toEqual([accounts[0]!.account_no]);
    expect(after).not.toEqual(before);

    // The entitlement review report names the maker and the approver of the rights in force.
    const report = await reportDefinition('entitlements')!.generate(db(), { userNo: 'U100000106', enterpriseNo: HXYH, userType: 'customer', authorities: ['ACCOUNT_AUTH'] }, {}, { format: 'xlsx', heading: { title: '权限复核报表', lines: [] }, pdfFont: { path: '', name: '' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(['企业', '用户号', '姓名', '用户名', '角色', '账号', '权限', '生效时间', '提交人', '审批人']);
    const zhouRow = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(2).value === 'U100000104')!;
    expect(zhouRow.getCell(7).value).toBe('查询');
    expect(zhouRow.getCell(9).value).toBe('刘芳（U100000103）');
    expect(zhouRow.getCell(10).value).toBe('赵敏（U100000106）');
    expect(new Set(sheet.getRows(2, sheet.rowCount - 1)!.map((r) => r.getCell(1).value))).toEqual(new Set(['华夏远航基金管理有限公司']));

    // A reset: the one-time password goes to the approver.
    const sunli = await user('sunli');
    const reset = await held(usersApi.userResetPassword, { userId: sunli.user_id });
    expect((await user('sunli')).password_hash).toBe(sunli.password_hash);
    const answer = (await approve(reset)) as { password: string };
    expect(answer.password).toMatch(/.{8,}/);
    expect((await user('sunli')).password_hash).not.toBe(sunli.password_hash);

    // Unlock.
    await db().updateTable('users').set({ locked_at: new Date(Date.now() - 60_000), failed_attempts: 5 }).where('user_id', '=', sunli.user_id).execute();
    const unlock = await held(authApi.unlockUser, { userId: sunli.user_id });
    expect((await user('sunli')).locked_at).not.toBeNull();
    await approve(unlock);
    expect((await user('sunli')).locked_at).toBeNull();

    // Add, then delete the new operator.
    const add = await held(usersApi.userAdd, { username: 'hxnew', nickName: '新操作员', enterpriseNo: HXYH, roleIds: [await roleId('CUSTOMER_MAKER')] });
    expect(await db().selectFrom('users').select('user_id').where('username', '=', 'hxnew').executeTakeFirst()).toBeUndefined();
    const created = (await approve(add)) as { userNo: string; initialPassword: string };
    expect(created.initialPassword).toBeTruthy();
    const remove = await held(usersApi.userDelete, { userNo: created.userNo });
    expect(await db().selectFrom('user_numbers').select('user_no').where('user_no', '=', created.userNo).executeTakeFirst()).toBeTruthy();
    await approve(remove);
    expect(await db().selectFrom('user_numbers').select('user_no').where('user_no', '=', created.userNo).executeTakeFirst()).toBeUndefined();
  });

  it('holds a new approval rule version until a second administrator approves it, refusing it to its maker', async () => {
    const versions = () => db().selectFrom('approval_rules').select(['version', 'bands']).where('enterprise_no', '=', HXYH).where('instruction_type', '=', '').where('payer_account_no', '=', '').orderBy('version', 'desc').execute();
    const before = await versions();
    const bands = [
      { upTo: '500000.00', reviewers: 1 },
      { upTo: null, reviewers: 2 },
    ];
    const id = await held(approvalRulesApi.approvalRuleSave, { instructionType: '', payerAccountNo: '', active: true, bands, limits: [] });
    expect(await versions()).toEqual(before);
    const own = await decide(id, 'pass', 'maker');
    expect(own.json.returnMsg).toBe(OWN);
    expect((await change(id)).kind).toBe('approval.rule');
    const saved = (await approve(id)) as { version: number; bands: unknown };
    expect(saved).toMatchObject({ version: (before[0]?.version ?? 0) + 1, bands });
    expect((await versions())[0]).toMatchObject({ version: saved.version, bands });
  });

  it('lets the maker withdraw, nobody else; rejects with a reason; refuses a maker’s change to themself', async () => {
    const zhouyang = await user('zhouyang');
    const edit = { userId: zhouyang.user_id, nickName: '周洋', mobile: '13900001234', email: '', userDesc: '', branchCode: '', status: 1, seatRoles: [] };
    const id = await held(usersApi.userUpdate, edit);
    const notMine = await call(adminChangesApi.adminChangeWithdraw, { changeId: id }, 'checker');
    expect(notMine.json.returnMsg).toBe('只能撤回自己提交的变更');
    const withdrawn = await call(adminChangesApi.adminChangeWithdraw, { changeId: id }, 'maker');
    expect(withdrawn.res.statusCode, withdrawn.json.returnMsg).toBe(200);
    expect((await change(id)).status).toBe('withdrawn');
    expect((await decide(id, 'pass', 'checker')).json.returnMsg).toBe('该变更已撤回，不能再处理');

    const second = await held(usersApi.userUpdate, edit);
    const noReason = await decide(second, 'refuse', 'checker');
    expect(noReason.res.statusCode).toBe(400);
    expect(noReason.json.returnMsg).toBe(adminChangesApi.REJECT_REASON_REQUIRED);
    const rejected = await decide(second, 'refuse', 'checker', '手机号码待核实');
    expect(rejected.res.statusCode, rejected.json.returnMsg).toBe(200);
    expect(await change(second)).toMatchObject({ status: 'rejected', reason: '手机号码待核实', decision_sign_code: 'AdminChangeDecision' });
    expect((await user('zhouyang')).mobile).toBe(zhouyang.mobile);
    expect((await audits('admin_change.reject')).at(-1)).toMatchObject({ outcome: 'success' });

    const self = await user('qyadmin');
    const own = await call(usersApi.userUpdate, { userId: self.user_id, nickName: '刘芳', mobile: '13511112222', email: '', userDesc: '', branchCode: '', status: 1, seatRoles: [] }, 'maker');
    expect(own.res.statusCode).toBe(400);
    expect(own.json.returnMsg).toBe('对自己的变更须由另一位管理员提交');
  });

  it('refuses a change across enterprises as unknown, and a stale change on approval', async () => {
    const zhouyang = await user('zhouyang');
    const edit = { userId: zhouyang.user_id, nickName: '周洋', mobile: '13900005555', email: '', userDesc: '', branchCode: '', status: 1, seatRoles: [] };
    const id = await held(usersApi.userUpdate, edit);
    const across = await decide(id, 'pass', 'dfadmin');
    expect(across.res.statusCode).toBe(404);
    expect(across.json.returnMsg).toBe('变更不存在');
    const listed = (await get(adminChangesApi.adminChangePage, {}, 'dfadmin')).data as Page;
    expect(listed.records.some((r) => r.id === id)).toBe(false);

    // The target moves after the change was made.
    await db().updateTable('users').set({ email: 'moved@hxyh-fund.example.cn' }).where('user_id', '=', zhouyang.user_id).execute();
    const stale = await decide(id, 'pass', 'checker');
    expect(stale.res.statusCode).toBe(400);
    expect(stale.json.returnMsg).toBe(STALE);
    expect((await change(id)).status).toBe('pending');
    expect((await user('zhouyang')).mobile).not.toBe('13900005555');
    expect((await audits('admin_change.approve')).at(-1)).toMatchObject({ outcome: 'failure' });
  });

  it('tells an enterprise with a single administrator plainly; the bank may waive it, audited', async () => {
    const df = await db().selectFrom('user_numbers as n').innerJoin('users as u', 'u.user_id', 'n.user_id').select(['u.user_id']).where('n.user_no', '=', 'U100000301').executeTakeFirstOrThrow();
    const edit = { userId: df.user_id, nickName: '演示用户', mobile: '', email: '', userDesc: '', branchCode: '', status: 1, seatRoles: [] };
    const page = (await get(adminChangesApi.adminChangePage, {}, 'dfadmin')).data as Page;
    expect(page.control).toEqual({ waived: false, administrators: 1, message: SINGLE });
    const count = async () => Number((await db().selectFrom('admin_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    // demo has seats elsewhere: the single-administrator refusal comes first all the same.
    const refused = await call(usersApi.userUpdate, edit, 'dfadmin');
    expect(refused.res.statusCode).toBe(400);
    expect(refused.json.returnMsg).toBe(SINGLE);
    expect(await count()).toBe(before);

    const noReason = await call(adminChangesApi.dualControlWaive, { enterpriseNo: DFJM, waived: true }, 'staff');
    expect(noReason.json.returnMsg).toBe('豁免时请输入原因');
    expect((await call(adminChangesApi.dualControlWaive, { enterpriseNo: DFJM, waived: true, reason: '小型企业，仅一位管理员' }, 'maker')).res.statusCode).toBe(403);
    const waived = await call(adminChangesApi.dualControlWaive, { enterpriseNo: DFJM, waived: true, reason: '小型企业，仅一位管理员' }, 'staff');
    expect(waived.res.statusCode, waived.json.returnMsg).toBe(200);
    expect((await audits('dual_control.waive')).at(-1)).toMatchObject({ outcome: 'success', user_no: 'S900000001' });
    expect(((await get(adminChangesApi.dualControlWaivers, {}, 'staff')).data as { enterpriseNo: string }[]).map((w) => w.enterpriseNo)).toContain(DFJM);

    // Waived: a change applies at once (200), with no pending change.
    const dfreview = await user('dfreview');
    const direct = await call(usersApi.userUpdate, { userId: dfreview.user_id, nickName: '陈立', mobile: '13544446666', email: '', userDesc: '', branchCode: '', status: 1, seatRoles: [] }, 'dfadmin');
    expect(direct.res.statusCode, direct.json.returnMsg).toBe(200);
    expect((await user('dfreview')).mobile).toBe('13544446666');
    expect(await count()).toBe(before);

    await call(adminChangesApi.dualControlWaive, { enterpriseNo: DFJM, waived: false }, 'staff');
    expect(((await get(adminChangesApi.adminChangePage, {}, 'dfadmin')).data as Page).control.waived).toBe(false);
  });

  it('holds a staff gateway change that loosens a call for a second staff member; tightening applies at once', async () => {
    const api = await db().selectFrom('api_definitions').select(['api_id', 'status']).where('api_code', '=', 'TA_SHARE_CONFIRM').executeTakeFirstOrThrow();
    const off = await call(gatewayApi.apiBatchStatus, { ids: String(api.api_id), status: 0 }, 'staff');
    expect(off.res.statusCode, off.json.returnMsg).toBe(200);
    const id = await held(gatewayApi.apiBatchStatus, { ids: String(api.api_id), status: 1 }, 'staff');
    const status = async () => (await db().selectFrom('api_definitions').select('status').where('api_id', '=', api.api_id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe(0);
    expect((await decide(id, 'pass', 'staff')).json.returnMsg).toBe(OWN);
    // A customer administrator never sees the bank's changes.
    expect((await decide(id, 'pass', 'checker')).res.statusCode).toBe(404);
    await approve(id, 'staff2');
    expect(await status()).toBe(1);
    expect((await audits('gateway.api.batch_update')).at(-1)).toMatchObject({ outcome: 'success', user_no: 'S900000004' });
  });
});
