import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalRulesApi, instructionsApi, type ApprovalRule, type InstructionDetail, type InstructionRecord } from '@portal/shared';
import { BUSINESS_MORNING, BUSINESS_TODAY } from '../../helpers/business-day';
import { waived } from '../../helpers/dual-control';
import { serverUnderTest } from '../../helpers/server-under-test';

const api = instructionsApi;
const rules = approvalRulesApi;
/** A demo enterprise of its own here, with accounts only this file uses. */
const ENT = '1000000002';
const ELSEWHERE = '1000000001';
const ACC_A = '622299000000000301';
const ACC_B = '622299000000000302';
const ACC_ELSEWHERE = '622299000000000303';
const M = api.INSTRUCTION_MESSAGES;

// The rules themselves, with the bank's waiver; their dual control is tested in test/modules/admin-changes.
describe('approval rules', () => {
  const LOGINS = { maker: 'ar.maker', r1: 'ar.r1', r2: 'ar.r2', r3: 'ar.r3', admin: 'ar.admin', check: 'ar.check' };
  const { db, ok, get, refused, counts, audits, addLogin } = serverUnderTest({}, { logins: LOGINS, businessTime: BUSINESS_MORNING, prepare: waived(ENT) });

  const entry = (amount: string, over: Record<string, unknown> = {}) => ({
    type: '01',
    payerAccountNo: ACC_A,
    payeeName: '上海浦江资产管理有限公司',
    payeeAccountNo: '6222020000000077',
    payeeBank: '交通银行上海分行',
    payeeCnaps: '301290000007',
    amount,
    valueDate: BUSINESS_TODAY,
    purpose: '划款',
    ...over,
  });
  const submitted = (amount: string, over: Record<string, unknown> = {}) => ok<InstructionRecord>(api.instructionAdd, { ...entry(amount, over), submit: true }, 'maker');
  const decide = (records: InstructionRecord[], result: 'pass' | 'refuse', reason = '') => ({ ids: records.map((r) => r.id), result, reason, instructions: api.signedListing(records, true) });
  const review = async (record: InstructionRecord, who: string) => (await ok<InstructionRecord[]>(api.instructionReview, decide([record], 'pass'), who))[0]!;
  const detail = (id: number, who = 'maker') => ok<InstructionDetail>(api.instructionDetail, { id }, who);
  const save = (rule: Record<string, unknown>, who = 'admin') => ok<ApprovalRule>(rules.approvalRuleSave, { instructionType: '', payerAccountNo: '', active: true, limits: [], ...rule }, who);
  const BANDS = [
    { upTo: '1000000.00', reviewers: 1 },
    { upTo: '5000000.00', reviewers: 2 },
    { upTo: null, reviewers: 3 },
  ];

  const account = async (accountNo: string, enterpriseNo: string) => {
    await db()
      .insertInto('custody_accounts')
      .values({ account_no: accountNo, account_name: `审批测试账户${accountNo.slice(-1)}`, enterprise_no: enterpriseNo, product_name: '测试产品', product_code: 'T001', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '上海分行', open_date: '2020-01-01', balance: '90000000.00' })
      .execute();
    await db().insertInto('ebank_accounts').values({ account_no: accountNo, enterprise_no: enterpriseNo, alias: '', used: 1, added_by: 'test' }).execute();
  };
  const right = (userNo: string, accountNo: string, r: { entry?: boolean; review?: boolean }) =>
    db()
      .insertInto('account_auth')
      .values({ user_no: userNo, account_no: accountNo, enterprise_no: ENT, can_query: true, can_entry: !!r.entry, can_review: !!r.review, updated_by: 'test' })
      .execute();

  beforeAll(async () => {
    await account(ACC_A, ENT);
    await account(ACC_B, ENT);
    await account(ACC_ELSEWHERE, ELSEWHERE);
    await addLogin('ar.maker', 'U100000381', ENT, ['CUSTOMER_MAKER']);
    await addLogin('ar.r1', 'U100000382', ENT, ['CUSTOMER_REVIEWER']);
    await addLogin('ar.r2', 'U100000383', ENT, ['CUSTOMER_REVIEWER']);
    await addLogin('ar.r3', 'U100000384', ENT, ['CUSTOMER_REVIEWER']);
    await addLogin('ar.admin', 'U100000385', ENT, ['CUSTOMER_ADMIN']);
    await addLogin('ar.check', 'S900000381', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    for (const acc of [ACC_A, ACC_B]) {
      await right('U100000381', acc, { entry: true });
      for (const r of ['U100000382', 'U100000383', 'U100000384']) await right(r, acc, { review: true });
    }
  });

  it('seeds 华夏远航 a two-version rule and instructions waiting at each round, one past a reviewer’s limit', async () => {
    const versions = await db().selectFrom('approval_rules').selectAll().where('enterprise_no', '=', ELSEWHERE).orderBy('version').execute();
    expect(versions.map((v) => [v.version, v.bands])).toEqual([
      [1, [{ upTo: '1000000.00', reviewers: 1 }, { upTo: null, reviewers: 2 }]],
      [2, [{ upTo: '1000000.00', reviewers: 1 }, { upTo: null, reviewers: 2 }]],
    ]);
    expect(versions[1]!.reviewer_limits).toEqual([{ userNo: 'U100000104', limit: '5000000.00' }]);
    const under = await db()
      .selectFrom('instructions')
      .select(['status', 'approvals_required', sql<number>`cardinality(approved_by)`.as('done'), sql<string>`amount::text`.as('amount')])
      .where('approval_rule_id', '=', versions[1]!.id)
      .orderBy('id')
      .execute();
    expect(under.map((r) => [r.status, r.done, r.approvals_required])).toEqual([
      ['10', 0, 2],
      ['10', 1, 2],
      ['10', 1, 2],
      ['10', 0, 1],
      ['40', 2, 2],
    ]);
  });

  it('refuses a rule the enterprise cannot have, and writes nothing', async () => {
    await refused(rules.approvalRuleSave, { instructionType: '', payerAccountNo: '', active: true, bands: BANDS, limits: [] }, 'r1', 403);
    const bad = async (rule: Record<string, unknown>, message: string) =>
      refused(rules.approvalRuleSave, { instructionType: '', payerAccountNo: '', active: true, bands: BANDS, limits: [], ...rule }, 'admin', 400, message);
    await bad({ bands: [] }, '请至少设置一个金额区间');
    await bad({ bands: [{ upTo: '10.00', reviewers: 1 }] }, '最后一个金额区间不能设上限');
    await bad({ bands: [{ upTo: '10.00', reviewers: 1 }, { upTo: '10.00', reviewers: 2 }, { upTo: null, reviewers: 2 }] }, '金额区间上限须大于0且逐个递增');
    await bad({ bands: [{ upTo: null, reviewers: 4 }] }, '复核人数须在1到3之间');
    await bad({ bands: [{ upTo: null, reviewers: 0 }] }, '复核人数须在1到3之间');
    await bad({ payerAccountNo: ACC_ELSEWHERE }, `账号${ACC_ELSEWHERE}不是本企业已添加的网银账户`);
    await bad({ limits: [{ userNo: 'U100000381', limit: '100.00' }] }, '用户号U100000381不是本企业的复核员');
    await bad({ limits: [{ userNo: 'U100000382', limit: '100.00' }, { userNo: 'U100000382', limit: '200.00' }] }, '同一复核员只能设置一个限额');
    expect(await db().selectFrom('approval_rules').selectAll().where('enterprise_no', '=', ENT).execute()).toEqual([]);
  });

  it('keeps the fixed chain without a rule: one reviewer, no limit', async () => {
    const r = await submitted('9000000.00');
    expect(r).toMatchObject({ approvalsRequired: 1, approvalRuleId: null, approvalRuleVersion: null, approvals: [] });
    expect((await review(r, 'r1')).status).toBe('40');
  });

  it('asks each band for its reviewers: above the lower bound, up to and including the upper', async () => {
    const saved = await save({ bands: BANDS });
    expect(saved).toMatchObject({ version: 1, active: true, bands: BANDS });
    expect((await audits('approval_rule.save')).at(-1)).toMatchObject({ outcome: 'success' });
    const needs = async (amount: string) => (await submitted(amount)).approvalsRequired;
    expect(await needs('0.01')).toBe(1);
    expect(await needs('1000000.00')).toBe(1);
    expect(await needs('1000000.01')).toBe(2);
    expect(await needs('5000000.00')).toBe(2);
    expect(await needs('5000000.01')).toBe(3);
  });

  it('applies the most specific rule: account and type, then account, then type, then all', async () => {
    await save({ instructionType: '02', bands: [{ upTo: null, reviewers: 2 }] });
    await save({ payerAccountNo: ACC_B, bands: [{ upTo: null, reviewers: 3 }] });
    await save({ instructionType: '02', payerAccountNo: ACC_B, bands: [{ upTo: null, reviewers: 1 }] });
    const needs = async (type: string, payerAccountNo: string) => (await submitted('100.00', { type, payerAccountNo })).approvalsRequired;
    expect(await needs('02', ACC_B)).toBe(1);
    expect(await needs('01', ACC_B)).toBe(3);
    expect(await needs('02', ACC_A)).toBe(2);
    expect(await needs('01', ACC_A)).toBe(1);
    // Retired, a scope falls back to the next most specific rule.
    expect((await save({ instructionType: '02', payerAccountNo: ACC_B, active: false, bands: [{ upTo: null, reviewers: 1 }] })).version).toBe(2);
    expect(await needs('02', ACC_B)).toBe(3);
    for (const scope of [{ instructionType: '02' }, { payerAccountNo: ACC_B }]) await save({ ...scope, active: false, bands: [{ upTo: null, reviewers: 1 }] });
  });

  it('keeps a two-reviewer instruction 待复核 after the first pass, one person one pass, then sends it on', async () => {
    const r = await submitted('2000000.00');
    expect(r).toMatchObject({ status: '10', approvalsRequired: 2 });
    // The maker may not review it; the first reviewer passes it.
    await refused(api.instructionReview, decide([r], 'pass'), 'maker', 403);
    const first = await review(r, 'r1');
    expect(first).toMatchObject({ status: '10', approvals: [{ name: 'ar.r1' }] });
    // He cannot pass it again; the home counts it for the others only.
    await refused(api.instructionReview, decide([first], 'pass'), 'r1', 403, `指令${r.instructionNo}：${M.approvedAlready}`);
    const mine = (await counts('r1')).waitReviewCount!;
    const theirs = (await counts('r2')).waitReviewCount!;
    expect(theirs).toBe(mine + 1);
    const seen = await detail(r.id, 'r2');
    expect(seen.reviewersStill.map((x) => x.userNo)).toEqual(['U100000383', 'U100000384']);
    // A signature over the round the list no longer shows (1/2) is refused.
    await refused(api.instructionReview, decide([r], 'pass'), 'r2', 400);
    const second = await review(first, 'r2');
    expect(second).toMatchObject({ status: '40', approvals: [{ name: 'ar.r1' }, { name: 'ar.r2' }] });
    const signed = await db().selectFrom('instruction_history').select(['action', 'from_status', 'to_status', 'sign_data']).where('instruction_id', '=', r.id).where('action', '=', 'reviewPass').orderBy('id').execute();
    expect(signed.map((h) => [h.from_status, h.to_status])).toEqual([
      ['10', '10'],
      ['10', '40'],
    ]);
    expect(signed[0]!.sign_data).toContain(`,${r.amount},CNY,${BUSINESS_TODAY},1/2]`);
    expect(signed[1]!.sign_data).toContain(',2/2]');
  });

  it('lets a reviewer pass up to his limit only; above it the instruction waits for one who may', async () => {
    const limited = await save({ bands: BANDS, limits: [{ userNo: 'U100000383', limit: '3000000.00' }] });
    expect(limited.limits).toEqual([{ userNo: 'U100000383', name: 'ar.r2', limit: '3000000.00' }]);
    const at = await submitted('3000000.00');
    expect((await review(at, 'r2')).approvals).toHaveLength(1);
    const above = await submitted('3000000.01');
    await refused(api.instructionReview, decide([above], 'pass'), 'r2', 403, `指令${above.instructionNo}：${M.overApprovalLimit}`);
    expect((await detail(above.id, 'r1')).reviewersStill.map((x) => x.userNo)).toEqual(['U100000382', 'U100000384']);
    const once = await review(above, 'r1');
    expect((await review(once, 'r3')).status).toBe('40');
  });

  it('keeps the rule version an instruction was submitted under when the rule changes', async () => {
    const before = await submitted('2000000.00');
    const v = before.approvalRuleVersion!;
    const changed = await save({ bands: [{ upTo: null, reviewers: 1 }] });
    expect(changed.version).toBe(v + 1);
    const once = await review(before, 'r1');
    expect(once).toMatchObject({ status: '10', approvalsRequired: 2, approvalRuleVersion: v });
    const after = await submitted('2000000.00');
    expect(after).toMatchObject({ approvalsRequired: 1, approvalRuleVersion: v + 1 });
    expect((await review(after, 'r1')).status).toBe('40');
    // Every version stays listed, newest first.
    const { data: listed } = (await get(rules.approvalRuleList, {}, 'admin')) as { data: { rules: ApprovalRule[] } };
    const all = listed.rules.filter((x) => x.instructionType === '' && x.payerAccountNo === '');
    expect(all.map((x) => x.version)).toEqual([v + 1, v, v - 1]);
    await save({ bands: BANDS });
  });

  it('returns an instruction refused by the second reviewer to its maker; resubmitted, its passes start again', async () => {
    const r = await submitted('2000000.00');
    const once = await review(r, 'r1');
    const back = (await ok<InstructionRecord[]>(api.instructionReview, decide([once], 'refuse', '用途不清'), 'r2'))[0]!;
    expect(back).toMatchObject({ status: '11', approvals: [], refuseReason: '用途不清' });
    const again = (await ok<InstructionRecord[]>(api.instructionSubmit, { ids: [r.id] }, 'maker'))[0]!;
    expect(again).toMatchObject({ status: '10', approvals: [], approvalsRequired: 2 });
    // The first reviewer's earlier pass does not count: he may pass it again, and a second is still needed.
    expect((await review(again, 'r1')).status).toBe('10');
  });

  it('shows the custodian the rule version and who passed the review', async () => {
    const r = await submitted('2000000.00');
    const passed = await review(await review(r, 'r1'), 'r3');
    const seen = await ok<InstructionDetail>(api.custodianDetail, { id: passed.id }, 'check');
    expect(seen).toMatchObject({ status: '40', approvalsRequired: 2, approvalRuleVersion: passed.approvalRuleVersion, approvals: [{ name: 'ar.r1' }, { name: 'ar.r3' }], reviewersStill: [] });
    expect(passed.approvalRuleVersion).not.toBeNull();
  });
});
