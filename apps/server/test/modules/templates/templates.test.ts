import { beforeAll, describe, expect, it } from 'vitest';
import { portalCrypto as c } from '@portal/crypto/node';
import { RETURN_CODES, instructionsApi, payeesApi, templatesApi, type InstructionRecord, type PayeeRecord, type TemplateDetail, type TemplateRecord } from '@portal/shared';
import { BUSINESS_MORNING, BUSINESS_TODAY } from '../../helpers/business-day';
import { serverUnderTest } from '../../helpers/server-under-test';

const api = templatesApi;
const M = api.TEMPLATE_MESSAGES;
const OWN = '1000000001';
const OTHER = '1000000002';
/** An account of OWN the maker may enter instructions on; another of OWN; one of OTHER. */
const ACC = '622299000000000071';
const ACC_2 = '622299000000000072';
const ACC_OTHER = '622299000000000073';

describe('instruction templates (指令模板)', () => {
  const LOGINS = { maker: 'tpl.maker', reviewer: 'tpl.reviewer', both: 'tpl.both', other: 'tpl.other', otherReviewer: 'tpl.otherReviewer' };
  const { db, call, signed, ok, refused, audits, addLogin } = serverUnderTest({}, { logins: LOGINS, businessTime: BUSINESS_MORNING });

  /** Effective payees of OWN and OTHER, from the demo books. */
  let payee: PayeeRecord;
  let payee2: PayeeRecord;
  let otherPayee: PayeeRecord;

  const fields = (over: Record<string, unknown> = {}) => ({ name: '托管费月度支付', type: '02', payerAccountNo: ACC, payeeId: payee.id, purpose: '托管费', locked: ['type', 'payerAccountNo', 'payee'], ...over });
  const decision = (change: NonNullable<TemplateRecord['pendingChange']>, result: 'pass' | 'refuse', reason = '') => ({
    changeId: change.id,
    result,
    reason,
    kind: change.kind,
    name: change.name,
    type: change.type,
    payerAccountNo: change.payerAccountNo,
    payeeAccountNo: change.payeeAccountNo,
    payeeCnaps: change.payeeCnaps,
    purpose: change.purpose,
    locked: change.locked,
  });
  const add = (over: Record<string, unknown> = {}, who = 'maker') => ok<TemplateRecord>(api.templateAdd, fields(over), who);
  const review = (t: TemplateRecord, result: 'pass' | 'refuse', reason = '', who = 'reviewer') => ok<TemplateRecord>(api.templateReview, decision(t.pendingChange!, result, reason), who);
  const detail = (id: number, who = 'maker') => ok<TemplateDetail>(api.templateDetail, { id }, who);
  const list = (query: Record<string, unknown>, who = 'maker') => ok<{ records: TemplateRecord[]; total: number }>(api.templateQuery, query, who);
  const book = async () => ({
    templates: await db().selectFrom('instruction_templates').selectAll().orderBy('id').execute(),
    changes: await db().selectFrom('instruction_template_changes').selectAll().orderBy('id').execute(),
    instructions: await db().selectFrom('instructions').selectAll().orderBy('id').execute(),
  });
  /** The instruction a template pre-fills, as the entry form sends it. */
  const entryFrom = (t: TemplateRecord, over: Record<string, unknown> = {}) => ({
    type: t.type,
    payerAccountNo: t.payerAccountNo,
    payeeName: t.payeeName,
    payeeAccountNo: t.payeeAccountNo,
    payeeBank: t.payeeBank,
    payeeCnaps: t.payeeCnaps,
    amount: '12500.00',
    valueDate: BUSINESS_TODAY,
    purpose: t.purpose,
    templateId: t.id,
    templateRevision: t.revision,
    ...over,
  });

  const account = async (accountNo: string, enterpriseNo: string) => {
    await db()
      .insertInto('custody_accounts')
      .values({ account_no: accountNo, account_name: `模板测试户${accountNo.slice(-1)}`, enterprise_no: enterpriseNo, product_name: '测试产品', product_code: 'T001', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance: '900000.00' })
      .execute();
    await db().insertInto('ebank_accounts').values({ account_no: accountNo, enterprise_no: enterpriseNo, alias: '', used: 1, added_by: 'U100000101' }).execute();
  };

  beforeAll(async () => {
    await addLogin('tpl.maker', 'U100000191', OWN, ['CUSTOMER_MAKER']);
    await addLogin('tpl.reviewer', 'U100000192', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('tpl.both', 'U100000193', OWN, ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
    await addLogin('tpl.other', 'U100000291', OTHER, ['CUSTOMER_MAKER']);
    await addLogin('tpl.otherReviewer', 'U100000292', OTHER, ['CUSTOMER_REVIEWER']);
    await account(ACC, OWN);
    await account(ACC_2, OWN);
    await account(ACC_OTHER, OTHER);
    for (const accountNo of [ACC, ACC_2]) {
      await db().insertInto('account_auth').values({ user_no: 'U100000191', account_no: accountNo, enterprise_no: OWN, can_query: true, can_entry: true, can_review: false, updated_by: 'test' }).execute();
    }
    const usable = (who: string) => ok<{ records: PayeeRecord[] }>(payeesApi.payeeQuery, { view: 'usable', limit: 100 }, who);
    [payee, payee2] = (await usable('maker')).records as [PayeeRecord, PayeeRecord];
    otherPayee = (await usable('other')).records[0]!;
  });

  it('lists the seeded templates of the session enterprise in every state, with their history', async () => {
    const all = await list({ limit: 100 });
    expect(new Set(all.records.map((t) => t.status))).toEqual(new Set(['10', '20', '30']));
    expect(all.records.some((t) => t.status === '20' && t.pendingChange?.kind === 'edit')).toBe(true);
    expect(all.records.some((t) => t.status === '20' && t.pendingChange?.kind === 'delete')).toBe(true);
    expect(all.records.some((t) => t.status === '20' && t.revision === 2)).toBe(true);
    expect((await list({ status: '90' })).total).toBeGreaterThan(0);
    expect((await list({ view: 'usable', limit: 100 })).records.every((t) => t.status === '20' && t.revision > 0)).toBe(true);
    const withdrawn = all.records.find((t) => t.name === '银行间清算保证金')!;
    expect((await detail(withdrawn.id)).history.map((h) => [h.kind, h.status])).toEqual([
      ['add', 'approved'],
      ['edit', 'withdrawn'],
    ]);
    // Another enterprise's templates are not listed.
    expect((await list({ limit: 100 }, 'other')).records.every((t) => !all.records.some((m) => m.id === t.id))).toBe(true);
  });

  it('takes a template into effect only when another person passes it, signed, copying the payee from the book', async () => {
    const t = await add();
    expect(t).toMatchObject({ status: '10', revision: 0, payeeName: payee.name, payeeAccountNo: payee.accountNo, payeeBank: payee.bankName, locked: ['type', 'payerAccountNo', 'payee'], pendingChange: { kind: 'add' } });
    expect((await list({ view: 'usable', keyword: '托管费月度' })).total).toBe(0);
    const passed = await review(t, 'pass');
    expect(passed).toMatchObject({ status: '20', revision: 1, pendingChange: null });
    expect((await list({ view: 'usable', keyword: '托管费月度' })).records.map((r) => r.id)).toEqual([t.id]);
    expect((await detail(t.id)).history).toMatchObject([{ kind: 'add', status: 'approved', revision: 1, requestedByUserNo: 'U100000191', decidedByUserNo: 'U100000192', signed: true }]);
    const stored = await db().selectFrom('instruction_template_changes').select(['sign_code', 'sign_data']).where('template_id', '=', t.id).executeTakeFirstOrThrow();
    expect(stored.sign_code).toBe('TemplateReview');
    expect(stored.sign_data).toBe(
      `TemplateReview|${t.pendingChange!.id}|pass||add|托管费月度支付|02|${ACC}|${payee.accountNo}|${payee.cnaps}|托管费|[type,payerAccountNo,payee]|${stored.sign_data!.split('|').at(-1)}`,
    );
    expect((await audits('template.review')).at(-1)).toMatchObject({ outcome: 'success', detail: { templateId: t.id, to: '20', revision: 1, signature: { code: 'TemplateReview' } } });
  });

  it('keeps the approved version usable while a change waits; the maker may withdraw it; history is kept', async () => {
    const t = await review(await add({ name: '投资顾问费', purpose: '投资顾问费' }), 'pass');
    const editing = await ok<TemplateRecord>(api.templateUpdate, { id: t.id, version: t.version, ...fields({ name: '投资顾问费', purpose: '投资顾问费（季度）', locked: ['payee', 'purpose'] }) }, 'maker');
    expect(editing).toMatchObject({ status: '20', revision: 1, purpose: '投资顾问费', pendingChange: { kind: 'edit', purpose: '投资顾问费（季度）', locked: ['payee', 'purpose'] } });
    await refused(api.templateUpdate, { id: t.id, version: editing.version, ...fields({ name: '投资顾问费' }) }, 'maker', 400, M.pending);
    // Only its maker withdraws it.
    await refused(api.templateWithdraw, { id: t.id, version: editing.version }, 'both', 403, M.withdrawOwnOnly);
    const withdrawn = await ok<TemplateRecord>(api.templateWithdraw, { id: t.id, version: editing.version }, 'maker');
    expect(withdrawn).toMatchObject({ status: '20', revision: 1, purpose: '投资顾问费', pendingChange: null });
    await refused(api.templateWithdraw, { id: t.id, version: withdrawn.version }, 'maker', 400, M.changeNotPending);

    const again = await ok<TemplateRecord>(api.templateUpdate, { id: t.id, version: withdrawn.version, ...fields({ name: '投资顾问费', purpose: '投资顾问费（季度）' }) }, 'maker');
    const applied = await review(again, 'pass');
    expect(applied).toMatchObject({ status: '20', revision: 2, purpose: '投资顾问费（季度）', pendingChange: null });
    await refused(api.templateUpdate, { id: t.id, version: applied.version, ...fields({ name: '投资顾问费', purpose: '投资顾问费（季度）' }) }, 'maker', 400, M.unchanged);
    const deleting = await ok<TemplateRecord>(api.templateDelete, { id: t.id, version: applied.version }, 'maker');
    expect(deleting.pendingChange?.kind).toBe('delete');
    const gone = await review(deleting, 'pass');
    expect(gone.status).toBe('90');
    expect((await detail(t.id)).history.map((h) => [h.kind, h.status, h.revision])).toEqual([
      ['add', 'approved', 1],
      ['edit', 'withdrawn', null],
      ['edit', 'approved', 2],
      ['delete', 'approved', null],
    ]);
    // A new template withdrawn before any review is gone.
    const fresh = await add({ name: '临时模板' });
    expect((await ok<TemplateRecord>(api.templateWithdraw, { id: fresh.id, version: fresh.version }, 'maker')).status).toBe('90');
  });

  it('never lets one person propose and review the same change, and needs the authorities', async () => {
    const t = await add({ name: '销售服务费' }, 'both');
    const before = await book();
    await refused(api.templateReview, decision(t.pendingChange!, 'pass'), 'both', 403, M.sameUser);
    await refused(api.templateReview, decision(t.pendingChange!, 'pass'), 'maker', 403);
    await refused(api.templateAdd, fields({ name: '复核员新增' }), 'reviewer', 403);
    expect(await book()).toEqual(before);
    expect((await audits('template.review')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: M.sameUser } });
    await review(t, 'refuse', '费率待确认');
    expect((await detail(t.id)).status).toBe('30');
  });

  it('refuses a missing, foreign or tampered signature, writing nothing', async () => {
    const t = await add({ name: '清算备付金' });
    const body = decision(t.pendingChange!, 'pass');
    const before = await book();
    expect((await refused(api.templateReview, { ...body, signMsg: undefined }, 'reviewer', 400)).returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);
    const stranger = (await c.sm2GenerateKeyPair()).privateKey;
    expect((await refused(api.templateReview, await signed(api.templateReview, body, 'reviewer', stranger), 'reviewer', 400)).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    // Signed as the client listed it, but not the change the server holds: a lock left out.
    expect((await refused(api.templateReview, { ...body, locked: ['type', 'payerAccountNo'] }, 'reviewer', 400)).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect(await book()).toEqual(before);
    await review(t, 'pass');
    await refused(api.templateReview, body, 'reviewer', 400, M.changeNotPending);
  });

  it('scopes every call to the session enterprise: another enterprise’s template, payee or account is refused', async () => {
    const mine = await add({ name: '跨企业测试' });
    const before = await book();
    expect((await call(api.templateDetail, { id: mine.id }, 'other')).json).toMatchObject({ returnCode: RETURN_CODES.NOT_FOUND.code, returnMsg: M.notFound });
    await refused(api.templateUpdate, { id: mine.id, version: mine.version, ...fields({ payerAccountNo: ACC_OTHER, payeeId: otherPayee.id }) }, 'other', 404, M.notFound);
    await refused(api.templateWithdraw, { id: mine.id, version: mine.version }, 'other', 404, M.notFound);
    await refused(api.templateReview, decision(mine.pendingChange!, 'pass'), 'otherReviewer', 404, M.changeNotFound);
    await refused(api.templateAdd, fields({ name: '他企业收款人', payeeId: otherPayee.id }), 'maker', 400, M.payee);
    await refused(api.templateAdd, fields({ name: '他企业账户', payerAccountNo: ACC_OTHER }), 'maker', 400, M.payerAccount);
    // A payee still waiting for its review is not in effect.
    const waiting = (await ok<{ records: PayeeRecord[] }>(payeesApi.payeeQuery, { status: '10' }, 'maker')).records[0]!;
    await refused(api.templateAdd, fields({ name: '待复核收款人', payeeId: waiting.id }), 'maker', 400, M.payee);
    await refused(api.templateAdd, fields({ name: '跨企业测试' }), 'maker', 400, M.duplicateName);
    await refused(api.templateAdd, fields({ locked: ['amount'] }), 'maker', 400, '锁定字段不正确');
    await refused(api.templateAdd, fields({ name: ' ' }), 'maker', 400, '请输入模板名称');
    expect(await book()).toEqual(before);
    expect((await ok<{ accountNo: string }[]>(api.templatePayerAccounts, {}, 'maker')).map((a) => a.accountNo)).toEqual(expect.arrayContaining([ACC, ACC_2]));
    expect((await ok<{ accountNo: string }[]>(api.templatePayerAccounts, {}, 'maker')).map((a) => a.accountNo)).not.toContain(ACC_OTHER);
  });

  it('holds an instruction made from a template to its locked fields, at entry and at every edit', async () => {
    const t = await review(await add({ name: '律师费支付', purpose: '常年法律顾问费', locked: ['type', 'payee', 'purpose'] }), 'pass');
    const made = await ok<InstructionRecord>(instructionsApi.instructionAdd, entryFrom(t, { payerAccountNo: ACC_2, remark: '三月' }), 'maker');
    // The payer account is editable on this template.
    expect(made).toMatchObject({ templateId: t.id, templateRevision: 1, templateName: '律师费支付', payerAccountNo: ACC_2 });

    const theirs = await review(await add({ name: '他企业模板', payerAccountNo: ACC_OTHER, payeeId: otherPayee.id }, 'other'), 'pass', '', 'otherReviewer');
    const before = await book();
    const payeeRefusal = '指令模板“律师费支付”锁定了收款人，指令中不能修改';
    await refused(instructionsApi.instructionAdd, entryFrom(t, { payeeAccountNo: payee2.accountNo }), 'maker', 400, payeeRefusal);
    await refused(instructionsApi.instructionAdd, entryFrom(t, { payeeBank: '别的银行' }), 'maker', 400, payeeRefusal);
    await refused(instructionsApi.instructionAdd, entryFrom(t, { type: '01', purpose: '别的用途' }), 'maker', 400, '指令模板“律师费支付”锁定了指令类型、用途，指令中不能修改');
    await refused(instructionsApi.instructionAdd, entryFrom(t, { templateRevision: 2 }), 'maker', 400, M.unusable);
    await refused(instructionsApi.instructionAdd, entryFrom(t, { templateRevision: undefined }), 'maker', 400, '模板版本不正确');
    // Another enterprise's template is unknown.
    await refused(instructionsApi.instructionAdd, entryFrom(theirs, { payerAccountNo: ACC }), 'maker', 400, M.unusable);
    expect(await book()).toEqual(before);

    // Later edits keep the locked fields; the editable ones move freely.
    await refused(instructionsApi.instructionUpdate, { ...entryFrom(t), id: made.id, version: made.version, purpose: '改了用途' }, 'maker', 400, '指令模板“律师费支付”锁定了用途，指令中不能修改');
    const edited = await ok<InstructionRecord>(instructionsApi.instructionUpdate, { ...entryFrom(t), templateId: undefined, templateRevision: undefined, id: made.id, version: made.version, amount: '8800.00', payerAccountNo: ACC }, 'maker');
    expect(edited).toMatchObject({ amount: '8800.00', payerAccountNo: ACC, templateId: t.id, templateRevision: 1 });

    // A newer approved version replaces the old one for new instructions; the draft stays held to the version it came from.
    const v2 = await review(await ok<TemplateRecord>(api.templateUpdate, { id: t.id, version: t.version, ...fields({ name: '律师费支付', purpose: '专项法律服务费', locked: ['type', 'payee', 'purpose'] }) }, 'maker'), 'pass');
    expect(v2.revision).toBe(2);
    await refused(instructionsApi.instructionAdd, entryFrom(t), 'maker', 400, M.revision);
    expect((await ok<InstructionRecord>(instructionsApi.instructionAdd, entryFrom(v2), 'maker')).templateRevision).toBe(2);
    await refused(instructionsApi.instructionUpdate, { ...entryFrom(v2), id: edited.id, version: edited.version }, 'maker', 400, '指令模板“律师费支付”锁定了用途，指令中不能修改');

    // A deleted template starts nothing new.
    const deleted = await review(await ok<TemplateRecord>(api.templateDelete, { id: t.id, version: v2.version }, 'maker'), 'pass');
    expect(deleted.status).toBe('90');
    await refused(instructionsApi.instructionAdd, entryFrom(v2), 'maker', 400, M.unusable);
  });
});
