import { beforeAll, describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { BANK_CATEGORIES, RETURN_CODES, payeesApi, type BankCode, type PayeeDetail, type PayeeRecord } from '@portal/shared';
import { serverUnderTest } from '../../helpers/server-under-test';

const api = payeesApi;
const M = api.PAYEE_MESSAGES;
const OWN = '1000000001';
const OTHER = '1000000002';

describe('the payee book (收款人名册)', () => {
  const LOGINS = { maker: 'pay.maker', reviewer: 'pay.reviewer', both: 'pay.both', other: 'pay.other', otherReviewer: 'pay.otherReviewer' };
  const { db, call, signed, ok, refused, audits, addLogin } = serverUnderTest({}, { logins: LOGINS });

  const fields = (over: Record<string, unknown> = {}) => ({ name: '华安基金管理有限公司', accountNo: '310066726018800099001', cnaps: '301290000007', remark: '', ...over });
  /** The change a reviewer decides, listed as the review page shows it. */
  const decision = (change: { id: number; kind: string; name: string; accountNo: string; cnaps: string }, result: 'pass' | 'refuse', reason = '') => ({
    changeId: change.id,
    result,
    reason,
    kind: change.kind,
    name: change.name,
    accountNo: change.accountNo,
    cnaps: change.cnaps,
  });
  const add = (over: Record<string, unknown> = {}, who = 'maker') => ok<PayeeRecord>(api.payeeAdd, fields(over), who);
  const detail = (id: number, who = 'maker') => ok<PayeeDetail>(api.payeeDetail, { id }, who);
  const review = (p: PayeeRecord, result: 'pass' | 'refuse', reason = '', who = 'reviewer') => ok<PayeeRecord>(api.payeeReview, decision(p.pendingChange!, result, reason), who);
  const list = (query: Record<string, unknown>, who = 'maker') => ok<{ records: PayeeRecord[]; total: number }>(api.payeeQuery, query, who);
  /** What a refused write must leave as it was: every payee and every change. */
  const book = async () => ({
    payees: await db().selectFrom('payees').selectAll().orderBy('id').execute(),
    changes: await db().selectFrom('payee_changes').selectAll().orderBy('id').execute(),
  });

  beforeAll(async () => {
    await addLogin('pay.maker', 'U100000181', OWN, ['CUSTOMER_MAKER']);
    await addLogin('pay.reviewer', 'U100000182', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('pay.both', 'U100000183', OWN, ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
    await addLogin('pay.other', 'U100000281', OTHER, ['CUSTOMER_MAKER']);
    await addLogin('pay.otherReviewer', 'U100000282', OTHER, ['CUSTOMER_REVIEWER']);
  });

  it('holds a realistic bank-code table, found by code, bank, short name or city', async () => {
    const rows = await db().selectFrom('bank_codes').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.length).toBeLessThanOrEqual(150);
    for (const r of rows) {
      expect(r.cnaps).toMatch(/^\d{12}$/);
      // The category is the code's first 3 digits, and names the bank the branch belongs to.
      const category = (BANK_CATEGORIES as Record<string, string>)[r.bank_category];
      expect(category, r.cnaps).toBeDefined();
      expect(r.bank_name.startsWith(category!), `${r.cnaps} ${r.bank_name}`).toBe(true);
    }
    const search = (keyword: string) => ok<BankCode[]>(api.bankCodeSearch, { keyword }, 'maker');
    expect((await search('308584')).every((b) => b.cnaps.startsWith('308584') && b.categoryName === '招商银行')).toBe(true);
    expect(await search('102100000030')).toEqual([{ cnaps: '102100000030', bankName: '中国工商银行北京市分行营业部', category: '102', categoryName: '中国工商银行', city: '北京' }]);
    const shenzhenIcbc = await search('工行 深圳');
    expect(shenzhenIcbc.length).toBeGreaterThan(0);
    expect(shenzhenIcbc.every((b) => b.category === '102' && b.city === '深圳')).toBe(true);
    expect((await search('建设银行 上海')).map((b) => b.cnaps)).toContain('105290036005');
    expect(await search('不存在的银行')).toEqual([]);
    expect((await search('')).length).toBe(api.BANK_SEARCH_LIMIT);
  });

  it('lists the seeded book of the session enterprise in every state', async () => {
    const all = await list({ limit: 100 });
    expect(new Set(all.records.map((p) => p.status))).toEqual(new Set(['10', '20', '30']));
    expect(all.records.some((p) => p.status === '20' && p.pendingChange?.kind === 'edit')).toBe(true);
    expect(all.records.some((p) => p.status === '20' && p.pendingChange?.kind === 'delete')).toBe(true);
    expect((await list({ status: '90' })).total).toBeGreaterThan(0);
    const usable = await list({ view: 'usable', limit: 100 });
    expect(usable.records.every((p) => p.status === '20')).toBe(true);
    // Every bank name comes from the table.
    const banks = new Map((await db().selectFrom('bank_codes').select(['cnaps', 'bank_name']).execute()).map((b) => [b.cnaps, b.bank_name]));
    for (const p of all.records) expect(p.bankName).toBe(banks.get(p.cnaps));
  });

  it('takes a new payee into effect only when another person passes it, signed, and keeps the history', async () => {
    const p = await add();
    expect(p).toMatchObject({ status: '10', bankName: '交通银行上海市分行营业部', pendingChange: { kind: 'add', requestedByUserNo: 'U100000181' } });
    expect((await list({ view: 'usable', keyword: '华安基金' })).total).toBe(0);
    expect((await list({ view: 'review' }, 'reviewer')).records.map((r) => r.id)).toContain(p.id);

    const passed = await review(p, 'pass');
    expect(passed).toMatchObject({ status: '20', pendingChange: null, name: '华安基金管理有限公司' });
    expect((await list({ view: 'usable', keyword: '华安基金' })).records.map((r) => r.id)).toEqual([p.id]);
    const { history } = await detail(p.id);
    expect(history).toMatchObject([{ kind: 'add', status: 'approved', requestedByUserNo: 'U100000181', decidedByUserNo: 'U100000182', signed: true }]);
    const stored = await db().selectFrom('payee_changes').select(['sign_code', 'sign_data']).where('payee_id', '=', p.id).executeTakeFirstOrThrow();
    expect(stored.sign_code).toBe('PayeeReview');
    expect(stored.sign_data).toMatch(new RegExp(`^PayeeReview\\|${p.pendingChange!.id}\\|pass\\|\\|add\\|华安基金管理有限公司\\|310066726018800099001\\|301290000007\\|[0-9a-f]{32}$`));
    const entry = (await audits('payee.review')).at(-1)!;
    expect(entry.outcome).toBe('success');
    expect(entry.detail).toMatchObject({ payeeId: p.id, kind: 'add', to: '20', signature: { code: 'PayeeReview' } });
  });

  it('keeps an effective payee usable while an edit waits, then applies or drops the edit', async () => {
    const p = await review(await add({ name: '嘉实基金管理有限公司', accountNo: '110060149018800012399', cnaps: '301100000015' }), 'pass');
    const edited = await ok<PayeeRecord>(api.payeeUpdate, { id: p.id, version: p.version, ...fields({ name: '嘉实基金管理有限公司', accountNo: '0200001409026409999', cnaps: '102100000919' }) }, 'maker');
    // The effective version stays as it was, beside the waiting edit.
    expect(edited).toMatchObject({ status: '20', accountNo: '110060149018800012399', pendingChange: { kind: 'edit', accountNo: '0200001409026409999', bankName: '中国工商银行北京西城支行' } });
    expect((await list({ view: 'usable', keyword: '嘉实' })).records[0]).toMatchObject({ accountNo: '110060149018800012399' });
    // One change at a time.
    await refused(api.payeeUpdate, { id: p.id, version: edited.version, ...fields({ name: '嘉实基金' }) }, 'maker', 400, M.pending);
    await refused(api.payeeDelete, { id: p.id, version: edited.version }, 'maker', 400, M.pending);

    const refusedEdit = await review(edited, 'refuse', '账号未经对方确认');
    expect(refusedEdit).toMatchObject({ status: '20', accountNo: '110060149018800012399', pendingChange: null });

    const again = await ok<PayeeRecord>(api.payeeUpdate, { id: p.id, version: refusedEdit.version, ...fields({ name: '嘉实基金管理有限公司', accountNo: '0200001409026409999', cnaps: '102100000919' }) }, 'maker');
    const applied = await review(again, 'pass');
    expect(applied).toMatchObject({ status: '20', accountNo: '0200001409026409999', cnaps: '102100000919', bankName: '中国工商银行北京西城支行', pendingChange: null });
    expect((await detail(p.id)).history.map((h) => [h.kind, h.status, h.reason])).toEqual([
      ['add', 'approved', null],
      ['edit', 'refused', '账号未经对方确认'],
      ['edit', 'approved', null],
    ]);
    // An edit that changes nothing is no change.
    await refused(api.payeeUpdate, { id: p.id, version: applied.version, name: applied.name, accountNo: applied.accountNo, cnaps: applied.cnaps, remark: '' }, 'maker', 400, M.unchanged);
  });

  it('proposes a refused new payee again, and deletes an effective one only when the deletion passes', async () => {
    const p = await add({ name: '博时基金管理有限公司', accountNo: '755900012310899', cnaps: '308584000013' });
    const refusedNew = await review(p, 'refuse', '名称有误');
    expect(refusedNew).toMatchObject({ status: '30', refuseReason: '名称有误', pendingChange: null });
    await refused(api.payeeDelete, { id: p.id, version: refusedNew.version }, 'maker', 400, M.deleteOnlyEffective);
    const resent = await ok<PayeeRecord>(api.payeeUpdate, { id: p.id, version: refusedNew.version, ...fields({ name: '博时基金管理有限公司', accountNo: '755900012310899', cnaps: '308584000013', remark: '已核对营业执照' }) }, 'maker');
    expect(resent).toMatchObject({ status: '10', refuseReason: null, remark: '已核对营业执照', pendingChange: { kind: 'add' } });
    const effective = await review(resent, 'pass');

    const deleting = await ok<PayeeRecord>(api.payeeDelete, { id: p.id, version: effective.version }, 'maker');
    expect(deleting).toMatchObject({ status: '20', pendingChange: { kind: 'delete' } });
    const gone = await review(deleting, 'pass');
    expect(gone.status).toBe('90');
    expect((await list({ keyword: '博时基金' })).total).toBe(0);
    expect((await list({ keyword: '博时基金', status: '90' })).total).toBe(1);
    await refused(api.payeeUpdate, { id: p.id, version: gone.version, ...fields() }, 'maker', 400, M.deleted);
  });

  it('never lets one person propose and review the same change, and needs the reviewer authority', async () => {
    const p = await add({ name: '富国基金管理有限公司', accountNo: '1001190729013300999', cnaps: '102290019079' }, 'both');
    const before = await book();
    const json = await refused(api.payeeReview, decision(p.pendingChange!, 'pass'), 'both', 403, M.sameUser);
    expect(json.returnCode).toBe(RETURN_CODES.FORBIDDEN.code);
    await refused(api.payeeReview, decision(p.pendingChange!, 'pass'), 'maker', 403);
    await refused(api.payeeAdd, fields({ accountNo: '1001190729013300888' }), 'reviewer', 403);
    expect(await book()).toEqual(before);
    expect((await audits('payee.review')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: M.sameUser } });
    await review(p, 'pass');
  });

  it('refuses a missing, foreign or tampered signature, writing nothing', async () => {
    const p = await add({ name: '景顺长城基金管理有限公司', accountNo: '4000023029200999999', cnaps: '102584002300' });
    const body = decision(p.pendingChange!, 'pass');
    const before = await book();
    const unsigned = await refused(api.payeeReview, { ...body, signMsg: undefined }, 'reviewer', 400, RETURN_CODES.SIGN_MISSING.message);
    expect(unsigned.returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);
    const stranger = (await c.sm2GenerateKeyPair()).privateKey;
    const byStranger = await refused(api.payeeReview, await signed(api.payeeReview, body, 'reviewer', stranger), 'reviewer', 400, RETURN_CODES.SIGN_INVALID.message);
    expect(byStranger.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    // Signed as the client listed it, but not the change the server holds.
    const tampered = await refused(api.payeeReview, { ...body, accountNo: '4000023029200000000' }, 'reviewer', 400, RETURN_CODES.SIGN_INVALID.message);
    expect(tampered.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    // Signed for a refusal, sent as a pass.
    const other = { ...(await signed(api.payeeReview, decision(p.pendingChange!, 'refuse', '不同意'), 'reviewer')), ...body };
    expect((await refused(api.payeeReview, other, 'reviewer', 400)).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    await refused(api.payeeReview, { ...body, result: 'refuse' }, 'reviewer', 400, '退回时请输入原因');
    expect(await book()).toEqual(before);
    await review(p, 'pass');
    // Decided once: a second decision finds nothing waiting.
    await refused(api.payeeReview, body, 'reviewer', 400, M.changeNotPending);
  });

  it('lets exactly one of two reviewers deciding one change at once decide it, and one of two makers adding one account', async () => {
    const p = await add({ name: '广发基金管理有限公司', accountNo: '3602000109200099999', cnaps: '102581002017' });
    const [a, b] = await Promise.all([call(api.payeeReview, decision(p.pendingChange!, 'pass'), 'reviewer'), call(api.payeeReview, decision(p.pendingChange!, 'refuse', '不同意'), 'both')]);
    const answers = [a, b].map((r) => r.json.returnMsg);
    expect(answers.filter((m) => m === M.changeNotPending)).toHaveLength(1);
    expect([a, b].filter((r) => r.json.returnCode === '000000')).toHaveLength(1);
    expect((await detail(p.id)).history.map((h) => h.status)).toHaveLength(1);

    // Two makers adding one account at once: the second finds the first's.
    const twin = fields({ name: '华宝基金管理有限公司', accountNo: '3602000109200088888', cnaps: '102581002017' });
    const adds = await Promise.all([call(api.payeeAdd, twin, 'maker'), call(api.payeeAdd, twin, 'both')]);
    expect(adds.map((r) => r.json.returnMsg).sort()).toEqual([M.duplicate, adds.find((r) => r.json.returnCode === '000000')!.json.returnMsg].sort());
    expect(await db().selectFrom('payees').select('id').where('account_no', '=', '3602000109200088888').execute()).toHaveLength(1);
  });

  it('refuses an unknown CNAPS code, bad input, a duplicate account and a stale version, writing nothing', async () => {
    const before = await book();
    await refused(api.payeeAdd, fields({ cnaps: '102100000031' }), 'maker', 400, M.cnapsUnknown);
    await refused(api.payeeAdd, fields({ cnaps: '10210000003' }), 'maker', 400, '大额支付行号须为12位数字');
    await refused(api.payeeAdd, fields({ accountNo: '6222-0200' }), 'maker', 400, '人民币收款账号须为8到32位数字');
    await refused(api.payeeAdd, fields({ name: '  ' }), 'maker', 400, '请输入收款人名称');
    await refused(api.payeeAdd, fields({ name: '甲\u0000乙' }), 'maker', 400, '收款人名称不能包含控制字符');
    await refused(api.payeeAdd, fields({ remark: 'x'.repeat(201) }), 'maker', 400, '备注不能超过200个字符');
    // The seed's 中信证券 account at 中信银行.
    await refused(api.payeeAdd, fields({ name: '中信证券', accountNo: '7111010182600012345', cnaps: '302100011106' }), 'maker', 400, M.duplicate);
    expect(await book()).toEqual(before);
    expect((await audits('payee.add')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: M.duplicate } });

    const p = await review(await add({ name: '工银瑞信基金管理有限公司', accountNo: '0200000919000099999', cnaps: '102100000919' }), 'pass');
    // Another pending proposal of the same account is a duplicate too.
    await refused(api.payeeAdd, fields({ name: '工银瑞信', accountNo: '0200000919000099999', cnaps: '102100000919' }), 'maker', 400, M.duplicate);
    const mid = await book();
    await refused(api.payeeUpdate, { id: p.id, version: p.version - 1, ...fields({ name: '工银瑞信基金', accountNo: '0200000919000099999', cnaps: '102100000919' }) }, 'maker', 400, M.stale);
    await refused(api.payeeUpdate, { id: p.id, version: p.version, ...fields({ name: '工银瑞信基金', accountNo: '0200000919000099999', cnaps: '999100000919' }) }, 'maker', 400, M.cnapsUnknown);
    expect(await book()).toEqual(mid);
  });

  it('scopes every call to the session enterprise: another enterprise payee reads as unknown', async () => {
    const mine = await add({ name: '银华基金管理股份有限公司', accountNo: '0200000919000077777', cnaps: '102100000919' });
    const theirs = await add({ name: '银华基金管理股份有限公司', accountNo: '0200000919000077777', cnaps: '102100000919' }, 'other');
    expect(theirs.status).toBe('10');
    const before = await book();
    expect((await call(api.payeeDetail, { id: mine.id }, 'other')).json).toMatchObject({ returnCode: RETURN_CODES.NOT_FOUND.code, returnMsg: M.notFound });
    await refused(api.payeeUpdate, { id: mine.id, version: mine.version, ...fields() }, 'other', 404, M.notFound);
    await refused(api.payeeDelete, { id: mine.id, version: mine.version }, 'other', 404, M.notFound);
    await refused(api.payeeReview, decision(mine.pendingChange!, 'pass'), 'otherReviewer', 404, '收款人变更不存在');
    expect(await book()).toEqual(before);
    expect((await list({ keyword: '银华基金', limit: 100 }, 'other')).records.map((r) => r.id)).toEqual([theirs.id]);
    expect((await list({ view: 'review', limit: 100 }, 'otherReviewer')).records.every((r) => r.id !== mine.id)).toBe(true);
    // Nothing in the body names the enterprise: a field for it is ignored.
    const sneaky = await ok<PayeeRecord>(api.payeeAdd, { ...fields({ name: '南方基金', accountNo: '337010100100555555', cnaps: '309584000011' }), enterpriseNo: OWN }, 'other');
    expect((await db().selectFrom('payees').select('enterprise_no').where('id', '=', sneaky.id).executeTakeFirstOrThrow()).enterprise_no).toBe(OTHER);
  });

  it('answers a retried add with its Idempotency-Key as the first time, once', async () => {
    const body = fields({ name: '鹏华基金管理有限公司', accountNo: '755900012310777', cnaps: '308584001037' });
    const headers = { 'idempotency-key': 'payee-add-retry-1' };
    const first = await call(api.payeeAdd, body, 'maker', headers);
    const second = await call(api.payeeAdd, body, 'maker', headers);
    expect(second.json.returnCode).toBe('000000');
    expect((second.data as PayeeRecord).id).toBe((first.data as PayeeRecord).id);
    expect(await db().selectFrom('payees').select('id').where('account_no', '=', '755900012310777').execute()).toHaveLength(1);
  });
});
