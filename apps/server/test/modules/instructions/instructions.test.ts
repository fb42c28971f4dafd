import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DAILY_STATUSES,
  DUTY_OF,
  INSTRUCTION_STATUSES,
  PENDING_STATUSES,
  RETURN_CODES,
  dutyConflict,
  formatDate,
  instructionsApi,
  messagesApi,
  type Message,
  nextStatus,
  type AnyOperation,
  type InstructionAction,
  type InstructionDetail,
  type InstructionRecord,
  type PayerAccount,
  type PerformedDuty,
} from '@portal/shared';
import { portalCrypto as c } from '@portal/crypto/node';
import { BUSINESS_MORNING, BUSINESS_TODAY, NEXT_BUSINESS_DAY } from '../../helpers/business-day';
import { serverUnderTest } from '../../helpers/server-under-test';
import { noReviewerAccounts } from '../../../src/modules/instructions/instructions.queries';

const OPERATIONS = (Object.values(instructionsApi) as unknown[]).filter((v): v is AnyOperation => typeof v === 'object' && v !== null && 'defaults' in v);
const OWN = '1000000001';
const OTHER = '1000000002';
const TP = '2000000001';
const TP2 = '2000000002';
/** An account of OWN confirmed by TP; one without a third party; one of OTHER. */
const ACC_TP = '622299000000000001';
const ACC_PLAIN = '622299000000000002';
const ACC_OTHER = '622299000000000003';
/** An account of OWN the maker holds the entry right on, switched off in e-banking. */
const ACC_OFF = '622299000000000004';
const today = BUSINESS_TODAY;
const tomorrow = NEXT_BUSINESS_DAY;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');

describe('payment instructions', () => {
  const LOGINS = {
    maker: 'ins.maker',
    reviewer: 'ins.reviewer',
    both: 'ins.both',
    other: 'ins.other',
    confirmer: 'ins.confirmer',
    confirmReviewer: 'ins.confirmReviewer',
    tp2: 'ins.tp2',
    bare: 'ins.bare',
    check: 'ins.check',
    exec: 'ins.exec',
    staffBoth: 'ins.staffBoth',
    admin: 'ins.admin',
  };
  const { app, client, db, asUser, relogin, pathOf, call, signed, ok, refused, counts, addLogin } = serverUnderTest({}, { logins: LOGINS, businessTime: BUSINESS_MORNING });
  const entry = (over: Record<string, unknown> = {}) => ({
    type: '01',
    payerAccountNo: ACC_TP,
    payeeName: '某某基金托管专户',
    payeeAccountNo: '6222020000000099',
    payeeBank: '华夏银行北京分行',
    payeeCnaps: '304100040000',
    amount: '1000.00',
    valueDate: today,
    purpose: '划款',
    ...over,
  });
  /** The signed listing of `records`, as the web list shows them. */
  const listing = (records: InstructionRecord[]) =>
    // With the review round: the other steps' layouts leave it out.
    instructionsApi.signedListing(records, true);
  const decide = (records: InstructionRecord[], result: 'pass' | 'refuse', reason = '') => ({ ids: records.map((r) => r.id), result, reason, instructions: listing(records) });
  /** The custodian's execution of `record`, listing it as the executor's list shows it. */
  const execution = (record: InstructionRecord) => ({ id: record.id, instruction: listing([record])[0]! });
  const detail = (id: number, who = 'maker') => ok<InstructionDetail>(instructionsApi.instructionDetail, { id }, who);
  const submitted = async (over: Record<string, unknown> = {}) => ok<InstructionRecord>(instructionsApi.instructionAdd, { ...entry(over), submit: true }, 'maker');
  const balance = async (accountNo: string) => (await db().selectFrom('custody_accounts').select('balance').where('account_no', '=', accountNo).executeTakeFirstOrThrow()).balance;

  const account = async (accountNo: string, enterpriseNo: string, thirdParty: string | null, balance: string, limits: { single?: string; daily?: string } = {}) => {
    await db()
      .insertInto('custody_accounts')
      .values({
        account_no: accountNo,
        account_name: `测试账户${accountNo.slice(-1)}`,
        enterprise_no: enterpriseNo,
        product_name: '测试产品',
        product_code: 'T001',
        card_type: 'PDBC',
        status: '00',
        currency: 'CNY',
        open_branch: '北京分行',
        open_date: '2020-01-01',
        balance,
        third_party_enterprise_no: thirdParty,
      })
      .execute();
    await db()
      .insertInto('ebank_accounts')
      .values({ account_no: accountNo, enterprise_no: enterpriseNo, alias: '', used: 1, single_limit: limits.single ?? null, daily_limit: limits.daily ?? null, added_by: 'U100000101' })
      .execute();
  };
  const right = (userNo: string, accountNo: string, enterpriseNo: string, r: { entry?: boolean; review?: boolean }) =>
    db()
      .insertInto('account_auth')
      .values({ user_no: userNo, account_no: accountNo, enterprise_no: enterpriseNo, can_query: true, can_entry: !!r.entry, can_review: !!r.review, updated_by: 'test' })
      .onConflict((oc) => oc.columns(['user_no', 'account_no']).doUpdateSet({ can_entry: !!r.entry, can_review: !!r.review }))
      .execute();

  /** A second seat, in another enterprise with one role, for the person holding `ofUserNo`. */
  const addSeat = async (ofUserNo: string, userNo: string, enterpriseNo: string, role: string) => {
    const { user_id } = await db().selectFrom('user_numbers').select('user_id').where('user_no', '=', ofUserNo).executeTakeFirstOrThrow();
    await db().insertInto('user_numbers').values({ user_no: userNo, user_id, enterprise_no: enterpriseNo }).execute();
    const { role_id } = await db().selectFrom('roles').select('role_id').where('role_code', '=', role).executeTakeFirstOrThrow();
    await db().insertInto('user_number_roles').values({ user_no: userNo, role_id }).execute();
  };

  beforeAll(async () => {
    await account(ACC_TP, OWN, TP, '100000.00', { single: '50000.00', daily: '80000.00' });
    await account(ACC_PLAIN, OWN, null, '5000.00');
    await account(ACC_OTHER, OTHER, null, '5000.00');
    await account(ACC_OFF, OWN, null, '5000.00');
    await db().updateTable('ebank_accounts').set({ used: 0 }).where('account_no', '=', ACC_OFF).execute();
    await addLogin('ins.maker', 'U100000181', OWN, ['CUSTOMER_MAKER']);
    await addLogin('ins.reviewer', 'U100000182', OWN, ['CUSTOMER_REVIEWER']);
    // One person who holds both the maker's and the reviewer's role.
    await addLogin('ins.both', 'U100000183', OWN, ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
    await addLogin('ins.other', 'U100000281', OTHER, ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER']);
    await addLogin('ins.confirmer', 'U200000181', TP, ['CUSTOMER_THIRD_PARTY_CONFIRMER']);
    await addLogin('ins.confirmReviewer', 'U200000182', TP, ['CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER']);
    await addLogin('ins.tp2', 'U200000281', TP2, ['CUSTOMER_THIRD_PARTY_CONFIRMER', 'CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER']);
    await addLogin('ins.bare', 'U100000189', OWN, []);
    await addLogin('ins.check', 'S900000181', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    await addLogin('ins.exec', 'S900000182', '9000000001', ['STAFF_CUSTODIAN_EXECUTOR'], 'staff');
    // One staff member who holds both the checker's and the executor's role.
    await addLogin('ins.staffBoth', 'S900000183', '9000000001', ['STAFF_CUSTODIAN_CHECKER', 'STAFF_CUSTODIAN_EXECUTOR'], 'staff');
    for (const acc of [ACC_TP, ACC_PLAIN]) {
      await right('U100000181', acc, OWN, { entry: true });
      await right('U100000182', acc, OWN, { review: true });
      await right('U100000183', acc, OWN, { entry: true, review: true });
    }
    await right('U100000281', ACC_OTHER, OTHER, { entry: true, review: true });
    await right('U100000181', ACC_OFF, OWN, { entry: true });
    for (const who of ['maker', 'reviewer', 'other', 'confirmer', 'confirmReviewer', 'tp2', 'bare', 'check', 'exec', 'staffBoth', 'both']) await asUser(who);
  });

  it('seeds demo instructions in every state with a consistent history, money and home counts for every demo login', async () => {
    const rows = await db().selectFrom('instructions').select(['id', 'enterprise_no', 'status', 'created_by_user_id', sql<string>`to_char(value_date, 'YYYY-MM-DD')`.as('value_date')]).execute();
    expect(new Set(rows.filter((r) => r.enterprise_no === OWN).map((r) => r.status))).toEqual(new Set(INSTRUCTION_STATUSES));
    // 中泰安盛 has a reviewer but no institution with demo seats: everything but the third-party states.
    expect(new Set(rows.filter((r) => r.enterprise_no === OTHER).map((r) => r.status))).toEqual(new Set(INSTRUCTION_STATUSES.filter((st) => !['20', '21', '30', '31'].includes(st))));
    // Some wait past their value date, so 已过期 shows.
    expect(rows.some((r) => ['10', '20', '30', '40'].includes(r.status) && r.value_date < today)).toBe(true);
    const history = await db().selectFrom('instruction_history').select(['instruction_id', 'action', 'from_status', 'to_status', 'user_id']).orderBy('id').execute();
    const byInstruction = new Map<number, typeof history>();
    for (const h of history) byInstruction.set(h.instruction_id, [...(byInstruction.get(h.instruction_id) ?? []), h]);
    for (const row of rows) {
      const steps = byInstruction.get(row.id)!;
      expect(steps[0]).toMatchObject({ action: 'create', from_status: null, to_status: '00' });
      steps.slice(1).forEach((h, i) => expect(h.from_status, `instruction ${row.id}`).toBe(steps[i]!.to_status));
      expect(steps.at(-1)!.to_status).toBe(row.status);
      // Segregation of duties: nobody performs a step that clashes with one they did before.
      const performed: PerformedDuty[] = [{ duty: 'entry', userId: row.created_by_user_id }];
      for (const h of steps.filter((x) => x.action in DUTY_OF)) {
        const duty = DUTY_OF[h.action as InstructionAction];
        expect(dutyConflict(duty, h.user_id, performed), `instruction ${row.id} ${h.action}`).toBeUndefined();
        performed.push({ duty, userId: h.user_id });
      }
    }
    const available = await db()
      .selectFrom('custody_accounts as c')
      .select(['c.account_no', sql<string>`c.balance - coalesce((select sum(i.amount) from instructions i where i.payer_account_no = c.account_no and i.status in (${sql.join([...PENDING_STATUSES])})), 0)`.as('available')])
      .execute();
    expect(available.filter((a) => Number(a.available) < 0)).toEqual([]);

    for (const reviewer of ['checker', 'ztreview']) expect((await counts(reviewer)).waitReviewCount, reviewer).toBeGreaterThan(0);
    for (const maker of ['demo', 'zhouyang']) {
      const c = await counts(maker);
      expect(c.reviewRefuseCount! + c.confirmRefuseCount! + c.confirmReviewRefuseCount! + c.checkRefuseCount!, maker).toBeGreaterThan(0);
      expect(c.waitCheckCount, maker).toBeGreaterThan(0);
    }
    expect((await counts('tpconfirm')).waitConfirmCount).toBeGreaterThan(0);
    expect((await counts('tpreview')).waitConfirmReviewCount).toBeGreaterThan(0);
    expect((await counts('custcheck')).waitCheckCount).toBeGreaterThan(0);
    // The custodian's payments to make: every enterprise's checked instructions, for executors only.
    const checked = await db().selectFrom('instructions').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', '50').executeTakeFirstOrThrow();
    expect(Number(checked.n)).toBeGreaterThan(0);
    expect((await counts('custexec')).waitExecuteCount).toBe(Number(checked.n));
    for (const username of ['custcheck', 'demo']) expect((await counts(username)).waitExecuteCount, username).toBe(0);
  });

  it('downloads the enterprise view as xlsx', async () => {
    const { data, json } = await call(instructionsApi.instructionDownload, { view: 'all', status: '60' }, 'maker');
    expect(json.returnCode, json.returnMsg).toBe('000000');
    const { ticket, fileName } = data as { ticket: string; fileName: string };
    expect(fileName).toBe(`指令列表_${today.replace(/-/g, '')}.xlsx`);
    const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser('maker')}` } });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '指令编号', '指令类型', '状态', '付款账号', '付款账户名称', '收款人名称', '收款账号', '收款行', '大额支付行号', '金额', '币种', '起息日', '用途', '第三方机构', '录入人',
    ]);
    const executed = await db()
      .selectFrom('instructions')
      .select(['instruction_no', 'payer_account_no', sql<string>`amount::text`.as('amount')])
      .where('enterprise_no', '=', OWN)
      .where('status', '=', '60')
      .orderBy('id', 'desc')
      .execute();
    expect(executed.length).toBeGreaterThan(0);
    expect(sheet.actualRowCount).toBe(executed.length + 1);
    // Newest first; numbers as text, amounts as numbers.
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(executed[0]!.instruction_no);
    expect(first.getCell(3).value).toBe('已执行');
    expect(first.getCell(4).value).toBe(executed[0]!.payer_account_no);
    expect(first.getCell(10).value).toBe(Number(executed[0]!.amount));
  });

  it('drives one instruction through every step, with the history, the home counts and the balance', async () => {
    const draft = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry(), 'maker');
    expect(draft).toMatchObject({ status: '00', thirdPartyEnterpriseNo: TP, expired: false, amount: '1000.00' });
    // Numbered by the day it was entered (the app's clock, not the business clock the test stands at).
    expect(draft.instructionNo).toMatch(new RegExp(`^ZL${formatDate(Date.now()).replace(/-/g, '')}\\d{8}$`));
    const [s] = await ok<InstructionRecord[]>(instructionsApi.instructionSubmit, { ids: [draft.id] }, 'maker');
    expect(s!.status).toBe('10');
    expect((await counts('reviewer')).waitReviewCount).toBeGreaterThanOrEqual(1);
    // It reached the reviewer's queue: 消息中心 says so, in the submit's write; the maker is not told of their own submit.
    const about = async (who: string) => (await ok<{ records: Message[] }>(messagesApi.messageQuery, { kind: 'instruction', limit: 100 }, who)).records.filter((m) => `${m.title}${m.body}`.includes(draft.instructionNo));
    expect(await about('reviewer')).toEqual([expect.objectContaining({ title: '有1笔指令待您复核', link: '/instructionManagement/instructionReview/index', readAt: null })]);
    expect(await about('maker')).toEqual([]);
    // The demo seed's instructions wait at the institution too: count relative to them.
    const waiting = { confirm: (await counts('confirmer')).waitConfirmCount!, confirmReview: (await counts('confirmReviewer')).waitConfirmReviewCount! };
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([s!], 'pass'), 'reviewer');
    expect(r!.status).toBe('20');
    expect((await counts('confirmer')).waitConfirmCount).toBe(waiting.confirm + 1);
    const [c] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirm, decide([r!], 'pass'), 'confirmer');
    expect(c!.status).toBe('30');
    expect((await counts('confirmer')).waitConfirmCount).toBe(waiting.confirm);
    expect((await counts('confirmReviewer')).waitConfirmReviewCount).toBe(waiting.confirmReview + 1);
    const [cr] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirmReview, decide([c!], 'pass'), 'confirmReviewer');
    expect(cr!.status).toBe('40');
    expect((await counts('maker')).waitCheckCount).toBeGreaterThanOrEqual(1);
    expect((await counts('check')).waitCheckCount).toBeGreaterThanOrEqual(1);
    const [k] = await ok<InstructionRecord[]>(instructionsApi.custodianCheck, decide([cr!], 'pass'), 'check');
    expect(k!.status).toBe('50');
    // The checker cannot execute what they checked (different role anyway: refused by authority).
    await refused(instructionsApi.custodianExecute, execution(k!), 'check', 403);
    const before = await balance(ACC_TP);
    const done = await ok<InstructionRecord>(instructionsApi.custodianExecute, execution(k!), 'exec');
    expect(done.status).toBe('60');
    expect(Number(await balance(ACC_TP))).toBe(Number(before) - 1000);
    // Executed: the maker hears of it.
    expect((await about('maker')).map((m) => m.title)).toEqual([`指令${draft.instructionNo}已执行`]);
    const d = await detail(draft.id);
    expect(d.history.map((h) => [h.action, h.toStatus])).toEqual([
      ['create', '00'],
      ['submit', '10'],
      ['reviewPass', '20'],
      ['confirmPass', '30'],
      ['confirmReviewPass', '40'],
      ['checkPass', '50'],
      ['execute', '60'],
    ]);
    expect(d.history[2]!.signCode).toBe('InstructionReview');
    expect(d.history[2]!.signData).toContain(draft.instructionNo);
    // Every decision and the execution is signed; entry and submit are not.
    expect(d.history.map((h) => h.signCode)).toEqual([null, null, 'InstructionReview', 'InstructionConfirm', 'InstructionConfirmReview', 'InstructionCheck', 'InstructionExecute']);
    // The listing as signed, then the single-use challenge.
    expect(d.history[6]!.signData).toMatch(new RegExp(`^InstructionExecute\\|${draft.instructionNo}\\|${ACC_TP}\\|6222020000000099\\|1000\\.00\\|CNY\\|${today}\\|[0-9a-f]{32}$`));
    // Illegal steps now: nothing moves from 60.
    await refused(instructionsApi.instructionRevoke, { id: draft.id, reason: '不要了' }, 'maker', 400, '指令状态已变更，请刷新后重试');
    expect((await refused(instructionsApi.instructionReview, decide([done], 'pass'), 'reviewer', 400)).returnMsg).toBe(`指令状态已变更，请刷新后重试：${done.instructionNo}`);
    await refused(instructionsApi.custodianExecute, execution(done), 'exec', 400, '指令状态已变更，请刷新后重试');
    // History is append-only.
    await expect(db().deleteFrom('instruction_history').where('instruction_id', '=', draft.id).execute()).rejects.toThrow(/append-only/);
  });

  it('goes to the custodian directly without a third party, and returns refusals to the maker who edits, resubmits or revokes', async () => {
    const s = await submitted({ payerAccountNo: ACC_PLAIN, amount: '10.00' });
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([s], 'pass'), 'reviewer');
    expect(r!.status).toBe('40');
    await refused(instructionsApi.custodianCheck, decide([r!], 'refuse'), 'check', 400, '退回时请输入原因');
    const [k] = await ok<InstructionRecord[]>(instructionsApi.custodianCheck, decide([r!], 'refuse', '收款行号有误'), 'check');
    expect(k).toMatchObject({ status: '41', refuseReason: '收款行号有误' });
    expect((await counts('maker')).checkRefuseCount).toBeGreaterThanOrEqual(1);
    const edited = await ok<InstructionRecord>(instructionsApi.instructionUpdate, { id: k!.id, version: k!.version, ...entry({ payerAccountNo: ACC_PLAIN, amount: '11.00' }) }, 'maker');
    expect(edited).toMatchObject({ status: '41', amount: '11.00' });
    // A stale version loses.
    await refused(instructionsApi.instructionUpdate, { id: k!.id, version: k!.version, ...entry({ payerAccountNo: ACC_PLAIN }) }, 'maker', 400, '指令状态已变更，请刷新后重试');
    const [again] = await ok<InstructionRecord[]>(instructionsApi.instructionSubmit, { ids: [k!.id] }, 'maker');
    expect(again!.status).toBe('10');
    const [back] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([again!], 'refuse', '用途不清'), 'reviewer');
    expect(back!.status).toBe('11');
    // Each refusal reached the maker's 消息中心, and nobody else's.
    const told = await ok<{ records: { kind: string; title: string; body: string }[] }>(messagesApi.messageQuery, { kind: 'instruction', limit: 100 }, 'maker');
    expect(told.records.filter((m) => m.title === `指令${back!.instructionNo}已被退回`).map((m) => m.body)).toEqual(['复核退回，原因：用途不清', '托管行审核退回，原因：收款行号有误']);
    expect((await ok<{ records: { title: string }[] }>(messagesApi.messageQuery, { limit: 100 }, 'reviewer')).records.filter((m) => m.title.includes(back!.instructionNo))).toEqual([]);
    const revoked = await ok<InstructionRecord>(instructionsApi.instructionRevoke, { id: back!.id, reason: '不再需要' }, 'maker');
    expect(revoked.status).toBe('90');
    // Third-party refusals.
    const t1 = await submitted({ amount: '1.00' });
    const [t2] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([t1], 'pass'), 'reviewer');
    const [t3] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirm, decide([t2!], 'refuse', '合同未到'), 'confirmer');
    expect(t3!.status).toBe('21');
    expect((await counts('maker')).confirmRefuseCount).toBeGreaterThanOrEqual(1);
  });

  it('enforces segregation of duties for one login', async () => {
    const mine = await ok<InstructionRecord>(instructionsApi.instructionAdd, { ...entry({ amount: '2.00' }), submit: true }, 'both');
    const json = await refused(instructionsApi.instructionReview, decide([mine], 'pass'), 'both', 403);
    expect(json.returnMsg).toBe('同一用户不能对同一指令既录入又复核');
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([mine], 'pass'), 'reviewer');
    // The confirmer cannot confirm-review their own confirmation (one login holding both roles).
    const [c] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirm, decide([r!], 'pass'), 'confirmer');
    const { role_id } = await db().selectFrom('roles').select('role_id').where('role_code', '=', 'CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER').executeTakeFirstOrThrow();
    await db().insertInto('user_number_roles').values({ user_no: 'U200000181', role_id }).execute();
    const token = await client().token('ins.confirmer', 'Test1234');
    const { res, json: j } = await client().call(pathOf(instructionsApi.instructionConfirmReview), decide([c!], 'pass'), token);
    expect(res.statusCode).toBe(403);
    expect(j.returnMsg).toBe('同一用户不能对同一指令既第三方确认又确认复核');
    await db().deleteFrom('user_number_roles').where('user_no', '=', 'U200000181').where('role_id', '=', role_id).execute();
    // The new login replaced the earlier session.
    await relogin('confirmer');
    // A staff member holding both custodian roles checks and then cannot execute.
    const [cr] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirmReview, decide([c!], 'pass'), 'confirmReviewer');
    const [k] = await ok<InstructionRecord[]>(instructionsApi.custodianCheck, decide([cr!], 'pass'), 'staffBoth');
    const staff = await refused(instructionsApi.custodianExecute, execution(k!), 'staffBoth', 403);
    expect(staff.returnMsg).toBe('同一用户不能对同一指令既托管行审核又执行');
    expect((await detail(k!.id)).status).toBe('50');
    expect((await ok<InstructionRecord>(instructionsApi.custodianExecute, execution(k!), 'exec')).status).toBe('60');
  });

  it('lets one login perform at most one customer step of an instruction, across its seats in the enterprise and the institution', async () => {
    // The penetration test's path: the maker and the reviewer also hold seats in the institution
    // the account names, and tried to confirm and confirm-review their own instruction.
    await addSeat('U100000181', 'U200000183', TP, 'CUSTOMER_THIRD_PARTY_CONFIRMER');
    await addSeat('U100000182', 'U200000184', TP, 'CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER');
    const seatToken = async (username: string, userNo: string) => {
      const { json, data } = await client().attempt(username, 'Test1234', { userNo });
      expect(json.returnCode, json.returnMsg).toBe('000000');
      return (data as { access_token: string }).access_token;
    };
    const step = (op: AnyOperation, body: unknown, token: string) => client().call(pathOf(op), body, token);
    const mine = await submitted({ amount: '3.00' });
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([mine], 'pass'), 'reviewer');
    try {
      const asThirdParty = { maker: await seatToken('ins.maker', 'U200000183'), reviewer: await seatToken('ins.reviewer', 'U200000184') };
      const byMaker = await step(instructionsApi.instructionConfirm, decide([r!], 'pass'), asThirdParty.maker);
      expect(byMaker.res.statusCode).toBe(403);
      expect(byMaker.json.returnMsg).toBe('同一用户不能对同一指令既录入又第三方确认');
      const [c] = await ok<InstructionRecord[]>(instructionsApi.instructionConfirm, decide([r!], 'pass'), 'confirmer');
      const byReviewer = await step(instructionsApi.instructionConfirmReview, decide([c!], 'pass'), asThirdParty.reviewer);
      expect(byReviewer.res.statusCode).toBe(403);
      expect(byReviewer.json.returnMsg).toBe('同一用户不能对同一指令既复核又确认复核');
      expect((await detail(c!.id, 'confirmer')).status).toBe('30');
      expect((await ok<InstructionRecord[]>(instructionsApi.instructionConfirmReview, decide([c!], 'pass'), 'confirmReviewer'))[0]!.status).toBe('40');
    } finally {
      // The seats' logins replaced the enterprise sessions of the same people.
      await relogin('maker', () => seatToken('ins.maker', 'U100000181'));
      await relogin('reviewer', () => seatToken('ins.reviewer', 'U100000182'));
    }
  });

  it('keeps to its scope: another enterprise, and a third party the account does not name', async () => {
    const s = await submitted({ amount: '3.00' });
    await refused(instructionsApi.instructionDetail, { id: s.id }, 'other', 404);
    await refused(instructionsApi.instructionReview, decide([s], 'pass'), 'other', 404);
    await refused(instructionsApi.instructionAdd, entry({ payerAccountNo: ACC_OTHER }), 'maker', 400);
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([s], 'pass'), 'reviewer');
    await refused(instructionsApi.instructionConfirm, decide([r!], 'pass'), 'tp2', 404);
    await refused(instructionsApi.instructionDetail, { id: s.id }, 'tp2', 404);
    const seen = await ok<{ records: InstructionRecord[] }>(instructionsApi.instructionQuery, { view: 'confirm' }, 'tp2');
    expect(seen.records.map((x) => x.id)).not.toContain(s.id);
    const theirs = await ok<{ records: InstructionRecord[] }>(instructionsApi.instructionQuery, { view: 'confirm' }, 'confirmer');
    expect(theirs.records.map((x) => x.id)).toContain(s.id);
    expect(theirs.records.every((x) => x.thirdPartyEnterpriseNo === TP && x.status !== '00')).toBe(true);
    // The third party sees nothing else of the owner's: not its view 'all'.
    const all = await ok<{ records: InstructionRecord[] }>(instructionsApi.instructionQuery, { view: 'all' }, 'confirmer').catch(() => ({ records: [] }));
    expect(all.records.every((x) => x.enterpriseNo === TP)).toBe(true);
    const others = await ok<{ records: InstructionRecord[] }>(instructionsApi.instructionQuery, { view: 'all' }, 'other');
    expect(others.records.every((x) => x.enterpriseNo === OTHER)).toBe(true);
  });

  it('refuses an amount range whose minimum is above its maximum, in the lists and the download', async () => {
    for (const op of [instructionsApi.instructionQuery, instructionsApi.instructionDownload]) {
      await refused(op, { view: 'all', amountMin: '500', amountMax: '100' }, 'maker', 400, '最小金额不能大于最大金额');
    }
    await refused(instructionsApi.custodianQuery, { amountMin: '100.01', amountMax: '100' }, 'check', 400, '最小金额不能大于最大金额');
    expect((await ok<{ total: number }>(instructionsApi.instructionQuery, { view: 'all', amountMin: '100', amountMax: '100.00' }, 'maker')).total).toBeGreaterThanOrEqual(0);
  });

  it('lets exactly one of two concurrent reviews win', async () => {
    const s = await submitted({ amount: '4.00' });
    const results = await Promise.all([call(instructionsApi.instructionReview, decide([s], 'pass'), 'reviewer'), call(instructionsApi.instructionReview, decide([s], 'refuse', '重复'), 'reviewer')]);
    expect(results.map((x) => x.res.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((x) => x.res.statusCode === 400)!.json).toMatchObject({ returnMsg: `指令状态已变更，请刷新后重试：${s.instructionNo}`, data: { stale: [s.id] } });
    expect((await detail(s.id)).history.filter((h) => h.action.startsWith('review'))).toHaveLength(1);
  });

  it('names the instructions of a batch that changed under it, so the rest can be sent again', async () => {
    const [a, b, c] = [await submitted({ amount: '1.10' }), await submitted({ amount: '1.20' }), await submitted({ amount: '1.30' })];
    await ok(instructionsApi.instructionRevoke, { id: b!.id, reason: '录错' }, 'maker');
    const { json } = await call(instructionsApi.instructionReview, decide([a!, b!, c!], 'pass'), 'reviewer');
    expect(json).toMatchObject({ returnCode: RETURN_CODES.INVALID_PARAMETER.code, returnMsg: `指令状态已变更，请刷新后重试：${b!.instructionNo}`, data: { stale: [b!.id] } });
    expect((await detail(a!.id)).status).toBe('10');
    const passed = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([a!, c!], 'pass'), 'reviewer');
    expect(passed.map((r) => r.status)).toEqual(['20', '20']);
  });

  it('refuses one of two concurrent submits that together exceed the available balance, and the limits', async () => {
    // ACC_PLAIN: 5,000.00 register balance; earlier tests hold a few yuan.
    const a = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ payerAccountNo: ACC_PLAIN, amount: '3000.00' }), 'maker');
    const b = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ payerAccountNo: ACC_PLAIN, amount: '3000.00' }), 'maker');
    const results = await Promise.all([call(instructionsApi.instructionSubmit, { ids: [a.id] }, 'maker'), call(instructionsApi.instructionSubmit, { ids: [b.id] }, 'maker')]);
    expect(results.map((x) => x.res.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((x) => x.res.statusCode === 400)!.json.returnMsg).toBe('可用余额不足');
    await refused(instructionsApi.instructionAdd, { ...entry({ amount: '50000.01' }), submit: true }, 'maker', 400, '超过单笔限额');
    await submitted({ amount: '40000.00' });
    await refused(instructionsApi.instructionAdd, { ...entry({ amount: '40000.00' }), submit: true }, 'maker', 400, '超过日累计限额');
    // A batch is all or nothing: one draft over the balance keeps the other one a draft too.
    const c = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ payerAccountNo: ACC_PLAIN, amount: '1.00' }), 'maker');
    const over = a.id === results.findIndex((x) => x.res.statusCode === 400) ? a : b;
    const stillDraft = (await detail(over.id)).status === '00' ? over : a;
    await refused(instructionsApi.instructionSubmit, { ids: [c.id, stillDraft.id] }, 'maker', 400, '可用余额不足');
    expect((await detail(c.id)).status).toBe('00');
  });

  it('creates one instruction for a retried submit with the same Idempotency-Key', async () => {
    const n = async () => Number((await db().selectFrom('instructions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await n();
    const key = { 'idempotency-key': `retry-${Date.now()}` };
    const first = await ok<InstructionRecord>(instructionsApi.instructionAdd, { ...entry({ amount: '5.00' }), submit: true }, 'maker', key);
    const second = await ok<InstructionRecord>(instructionsApi.instructionAdd, { ...entry({ amount: '5.00' }), submit: true }, 'maker', key);
    expect(second.id).toBe(first.id);
    expect(await n()).toBe(before + 1);
    // Two at once with one key: the loser of the race answers the winner's instruction.
    const racing = { 'idempotency-key': `race-${Date.now()}` };
    const both = await Promise.all([1, 2].map(() => ok<InstructionRecord>(instructionsApi.instructionAdd, { ...entry({ amount: '5.00' }), submit: true }, 'maker', racing)));
    expect(both[0]!.id).toBe(both[1]!.id);
    expect(await n()).toBe(before + 2);
    // The key sent again with another request: refused, nothing made (pen test).
    const { json } = await call(instructionsApi.instructionAdd, { ...entry({ amount: '7.00' }), submit: true }, 'maker', key);
    expect(json).toMatchObject({ returnCode: RETURN_CODES.IDEMPOTENCY_KEY_REUSED.code, returnMsg: '该幂等键（Idempotency-Key）已用于内容不同的请求，请勿重复使用' });
    expect(await n()).toBe(before + 2);
  });

  it('answers every step retried with its Idempotency-Key as the first time, once (was 指令状态已变更 for all but add)', async () => {
    const once = async <T>(op: AnyOperation, body: unknown, who: string): Promise<T> => {
      const key = { 'idempotency-key': `${op.id}-${Math.random()}` };
      const first = await ok<T>(op, body, who, key);
      // Signed afresh, as a client retrying after a lost answer does: the same first answer.
      expect(await ok<T>(op, body, who, key)).toEqual(first);
      return first;
    };
    const s = await submitted({ amount: '3.00' });
    const [r] = await once<InstructionRecord[]>(instructionsApi.instructionReview, decide([s], 'pass'), 'reviewer');
    const [c] = await once<InstructionRecord[]>(instructionsApi.instructionConfirm, decide([r!], 'pass'), 'confirmer');
    const [cr] = await once<InstructionRecord[]>(instructionsApi.instructionConfirmReview, decide([c!], 'pass'), 'confirmReviewer');
    const [k] = await once<InstructionRecord[]>(instructionsApi.custodianCheck, decide([cr!], 'pass'), 'check');
    const before = Number(await balance(ACC_TP));
    expect((await once<InstructionRecord>(instructionsApi.custodianExecute, execution(k!), 'exec')).status).toBe('60');
    expect(Number(await balance(ACC_TP))).toBe(before - 3);
    expect((await detail(s.id)).history.map((h) => h.action)).toEqual(['create', 'submit', 'reviewPass', 'confirmPass', 'confirmReviewPass', 'checkPass', 'execute']);
    const draft = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ amount: '2.00' }), 'maker');
    await once(instructionsApi.instructionSubmit, { ids: [draft.id] }, 'maker');
    expect((await once<InstructionRecord>(instructionsApi.instructionRevoke, { id: draft.id, reason: '重复录入' }, 'maker')).status).toBe('90');
    // A refusal keeps nothing: the key may be used again once the request can pass.
    const key = { 'idempotency-key': `refused-${Math.random()}` };
    const { res } = await call(instructionsApi.instructionRevoke, { id: draft.id, reason: '' }, 'maker', key);
    expect(res.statusCode).toBe(400);
    // A key of the wrong shape is refused before anything runs.
    const bad = await call(instructionsApi.instructionSubmit, { ids: [draft.id] }, 'maker', { 'idempotency-key': 'has space' });
    expect(bad.json).toMatchObject({ returnCode: RETURN_CODES.IDEMPOTENCY_KEY_INVALID.code });
  });

  it('refuses a tampered signed listing and an expired pass', async () => {
    const s = await submitted({ amount: '6.00' });
    const tampered = { ...decide([s], 'pass'), instructions: listing([{ ...s, amount: '0.01' }]) };
    await refused(instructionsApi.instructionReview, tampered, 'reviewer', 400);
    const signedOther = { ...(await signed(instructionsApi.instructionReview, decide([s], 'refuse', 'x'), 'reviewer')), ...decide([s], 'pass') };
    const json = await refused(instructionsApi.instructionReview, signedOther, 'reviewer', 400);
    expect(json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect((await detail(s.id)).status).toBe('10');
    // Expired: the value date passed before the custodian's check.
    await db().updateTable('instructions').set({ value_date: '2020-01-01' }).where('id', '=', s.id).execute();
    const expired = { ...s, valueDate: '2020-01-01' };
    expect((await detail(s.id)).expired).toBe(true);
    await refused(instructionsApi.instructionReview, decide([expired], 'pass'), 'reviewer', 400);
    await ok(instructionsApi.instructionReview, decide([expired], 'refuse', '已过期'), 'reviewer');
    await refused(instructionsApi.instructionAdd, entry({ valueDate: '2020-01-01' }), 'maker', 400, '起息日不能早于今天');
  });

  it('refuses an unsigned or wrongly signed custodian check or execution, changing nothing, and keeps the signature of one that holds', async () => {
    const stranger = (await c.sm2GenerateKeyPair()).privateKey;
    const s = await submitted({ payerAccountNo: ACC_PLAIN, amount: '8.00' });
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([s], 'pass'), 'reviewer');
    const state = async (id: number) => {
      const d = await detail(id);
      return { status: d.status, version: d.version, steps: d.history.length, balance: await balance(ACC_PLAIN) };
    };
    /** Each way a signature can be wrong, refused with its own message, leaving the instruction and the balance as they were. */
    const wrongs = async (op: AnyOperation, body: Record<string, unknown>, tampered: Record<string, unknown>, who: string) => {
      const before = await state(s.id);
      const unsigned = await refused(op, { ...body, signMsg: undefined }, who, 400, RETURN_CODES.SIGN_MISSING.message);
      expect(unsigned.returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);
      const byStranger = await refused(op, await signed(op, body, who, stranger), who, 400, RETURN_CODES.SIGN_INVALID.message);
      expect(byStranger.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      // Signed as the client listed it, but the listing is not the stored instruction.
      expect((await refused(op, tampered, who, 400, RETURN_CODES.SIGN_INVALID.message)).returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
      expect(await state(s.id)).toEqual(before);
    };

    const check = decide([r!], 'pass');
    await wrongs(instructionsApi.custodianCheck, check, { ...check, instructions: listing([{ ...r!, payeeAccountNo: '6222020000000100' }]) }, 'check');
    const [k] = await ok<InstructionRecord[]>(instructionsApi.custodianCheck, check, 'check');
    expect(k!.status).toBe('50');

    const execute = execution(k!);
    await wrongs(instructionsApi.custodianExecute, execute, execution({ ...k!, amount: '0.08' }), 'exec');
    await refused(instructionsApi.custodianExecute, { id: k!.id }, 'exec', 400, '缺少签名的指令信息');
    const before = await balance(ACC_PLAIN);
    expect((await ok<InstructionRecord>(instructionsApi.custodianExecute, execute, 'exec')).status).toBe('60');
    expect(Number(await balance(ACC_PLAIN))).toBe(Number(before) - 8);

    // Kept with the step: the signing data, the signature, and the signer's key in the audit entry.
    const steps = await db().selectFrom('instruction_history').select(['action', 'sign_code', 'sign_data', 'sign_msg']).where('instruction_id', '=', s.id).where('action', 'in', ['checkPass', 'execute']).orderBy('id').execute();
    // Each ends with the single-use challenge it was signed with.
    expect(steps.map((h) => [h.action, h.sign_code, h.sign_data?.replace(/\|[0-9a-f]{32}$/, '|<challenge>')])).toEqual([
      ['checkPass', 'InstructionCheck', `InstructionCheck|pass||[[${s.instructionNo},${ACC_PLAIN},6222020000000099,8.00,CNY,${today}]]|<challenge>`],
      ['execute', 'InstructionExecute', `InstructionExecute|${s.instructionNo}|${ACC_PLAIN}|6222020000000099|8.00|CNY|${today}|<challenge>`],
    ]);
    expect(steps.every((h) => (h.sign_msg ?? '').length > 0)).toBe(true);
    const audit = await db().selectFrom('audit_log').select(['outcome', 'detail']).where('event', '=', 'instruction.execute').orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ outcome: 'success', detail: { signature: { code: 'InstructionExecute', signMsg: steps[1]!.sign_msg } } });
  });

  it('stores attachments checked by content, up to five', async () => {
    const draft = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ amount: '7.00' }), 'maker');
    await refused(instructionsApi.attachmentUpload, { instructionId: draft.id, fileName: 'a.pdf', content: PNG }, 'maker', 400, '文件内容与扩展名不符');
    // A program renamed to a picture, and a type not taken at all.
    const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00this program cannot be run in DOS mode').toString('base64');
    await refused(instructionsApi.attachmentUpload, { instructionId: draft.id, fileName: '回单.png', content: exe }, 'maker', 400, '文件内容与扩展名不符');
    await refused(instructionsApi.attachmentUpload, { instructionId: draft.id, fileName: '回单.exe', content: exe }, 'maker', 400, '仅支持上传pdf、jpg、jpeg、png格式的文件');
    expect((await detail(draft.id)).attachments).toHaveLength(0);
    const a = await ok<{ id: number }>(instructionsApi.attachmentUpload, { instructionId: draft.id, fileName: '合同.png', content: PNG }, 'maker');
    expect((await detail(draft.id)).attachments).toHaveLength(1);
    const got = await call(instructionsApi.attachmentDownload, { id: a.id }, 'maker');
    expect(got.res.statusCode).toBe(200);
    await refused(instructionsApi.attachmentDownload, { id: a.id }, 'other', 404);
    for (let i = 0; i < 4; i += 1) await ok(instructionsApi.attachmentUpload, { instructionId: draft.id, fileName: `${i}.png`, content: PNG }, 'maker');
    await refused(instructionsApi.attachmentUpload, { instructionId: draft.id, fileName: '6.png', content: PNG }, 'maker', 400, '每条指令最多上传5个附件');
  });

  it('answers the accounts the seat may enter on, with the available balance, the limits and the day’s use', async () => {
    /** What the register and the instructions say, computed here independently of the server's query. */
    const expected = async (accountNo: string, valueDate: string) => {
      const row = await db()
        .selectFrom('custody_accounts as c')
        .select([
          sql<string>`(c.balance - coalesce((select sum(i.amount) from instructions i where i.payer_account_no = c.account_no and i.status in (${sql.join([...PENDING_STATUSES])})), 0))::text`.as('available'),
          sql<string>`coalesce((select sum(i.amount) from instructions i where i.payer_account_no = c.account_no and i.value_date = ${valueDate} and i.status in (${sql.join([...DAILY_STATUSES])})), 0)::text`.as('daily'),
        ])
        .where('c.account_no', '=', accountNo)
        .executeTakeFirstOrThrow();
      return { available: Number(row.available), daily: Number(row.daily) };
    };
    const payers = async (who: string, valueDate?: string) =>
      ok<{ valueDate: string; accounts: PayerAccount[] }>(instructionsApi.payerAccounts, valueDate ? { valueDate } : {}, who);
    const of = async (accountNo: string, valueDate?: string) => (await payers('maker', valueDate)).accounts.find((a) => a.accountNo === accountNo)!;

    const mine = await payers('maker');
    expect(mine.valueDate).toBe(today);
    // Entry rights only, switched on: not the switched-off account, not another enterprise's.
    expect(mine.accounts.map((a) => a.accountNo)).toEqual([ACC_TP, ACC_PLAIN]);
    expect(mine.accounts[0]).toMatchObject({ currency: 'CNY', singleLimit: '50000.00', dailyLimit: '80000.00', thirdPartyEnterpriseNo: TP, thirdPartyEnterpriseName: expect.any(String) });
    expect(mine.accounts[1]).toMatchObject({ singleLimit: null, dailyLimit: null, thirdPartyEnterpriseNo: null, thirdPartyEnterpriseName: null });
    for (const a of mine.accounts) {
      const e = await expected(a.accountNo, today);
      expect(Number(a.availableBalance), a.accountNo).toBe(e.available);
      expect(Number(a.dailyUsed), a.accountNo).toBe(e.daily);
      expect(a.balance).toBe(await balance(a.accountNo));
    }
    expect((await payers('other')).accounts.map((a) => a.accountNo)).toEqual([ACC_OTHER]);

    // A draft holds nothing; a submitted instruction holds its amount and counts on its value date; revoked, nothing again.
    const before = await of(ACC_TP, tomorrow);
    const draft = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ amount: '123.45', valueDate: tomorrow }), 'maker');
    expect(await of(ACC_TP, tomorrow)).toEqual(before);
    await ok(instructionsApi.instructionSubmit, { ids: [draft.id] }, 'maker');
    const held = await of(ACC_TP, tomorrow);
    expect(Number(held.availableBalance)).toBeCloseTo(Number(before.availableBalance) - 123.45, 2);
    expect(Number(held.dailyUsed)).toBeCloseTo(Number(before.dailyUsed) + 123.45, 2);
    expect(held.balance).toBe(before.balance);
    expect((await of(ACC_TP)).dailyUsed).toBe((await of(ACC_TP, today)).dailyUsed);
    await ok(instructionsApi.instructionRevoke, { id: draft.id, reason: '改期' }, 'maker');
    expect(await of(ACC_TP, tomorrow)).toEqual(before);
    await refused(instructionsApi.payerAccounts, { valueDate: '2026-13-01' }, 'maker', 400, '起息日不是有效日期');
  });

  it('shows the cash around an instruction: the day’s held amounts by status at entry, and a review batch’s money per account', async () => {
    const day = formatDate(Date.now() + 5 * 86_400_000);
    const onDate = async () => (await ok<{ accounts: PayerAccount[] }>(instructionsApi.payerAccounts, { valueDate: day }, 'maker')).accounts.find((a) => a.accountNo === ACC_PLAIN)!.heldOnDate;
    const before = await onDate();
    const count = (status: string) => before.find((h) => h.status === status) ?? { count: 0, amount: '0' };
    const a = await submitted({ payerAccountNo: ACC_PLAIN, amount: '100.25', valueDate: day });
    const b = await submitted({ payerAccountNo: ACC_PLAIN, amount: '200.50', valueDate: day });
    const held = await onDate();
    const waiting = held.find((h) => h.status === '10')!;
    expect(waiting.count).toBe(count('10').count + 2);
    expect(Number(waiting.amount)).toBeCloseTo(Number(count('10').amount) + 300.75, 2);
    // A draft or another day's instruction is not among them.
    await ok(instructionsApi.instructionAdd, entry({ payerAccountNo: ACC_PLAIN, amount: '7.00', valueDate: day }), 'maker');
    await submitted({ payerAccountNo: ACC_PLAIN, amount: '9.00', valueDate: tomorrow });
    expect(await onDate()).toEqual(held);

    type Batch = { accounts: { accountNo: string; balance: string; batchCount: number; batchAmount: string; otherHeld: string; afterBatch: string; projectedAvailable: string }[] };
    const c1 = await submitted({ payerAccountNo: ACC_TP, amount: '50.00', valueDate: day });
    const batch = await ok<Batch>(instructionsApi.batchAccounts, { ids: [a.id, b.id, c1.id] }, 'reviewer');
    expect(batch.accounts.map((x) => [x.accountNo, x.batchCount, x.batchAmount])).toEqual([
      [ACC_TP, 1, '50.00'],
      [ACC_PLAIN, 2, '300.75'],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))));
    const plain = batch.accounts.find((x) => x.accountNo === ACC_PLAIN)!;
    const payer = (await ok<{ accounts: PayerAccount[] }>(instructionsApi.payerAccounts, {}, 'maker')).accounts.find((x) => x.accountNo === ACC_PLAIN)!;
    expect(plain.balance).toBe(payer.balance);
    expect(Number(plain.afterBatch)).toBeCloseTo(Number(plain.balance) - 300.75, 2);
    // Everything held on the account is the batch plus the others: what stays is the available balance.
    expect(plain.projectedAvailable).toBe(payer.availableBalance);
    expect(Number(plain.otherHeld)).toBeCloseTo(Number(plain.balance) - Number(payer.availableBalance) - 300.75, 2);
    // Out of scope or no longer waiting for review: left out, not refused.
    expect((await ok<Batch>(instructionsApi.batchAccounts, { ids: [a.id] }, 'other')).accounts).toEqual([]);
    await ok(instructionsApi.instructionRevoke, { id: a.id, reason: '改期' }, 'maker');
    expect((await ok<Batch>(instructionsApi.batchAccounts, { ids: [a.id, b.id] }, 'reviewer')).accounts.map((x) => x.batchAmount)).toEqual(['200.50']);
    await refused(instructionsApi.batchAccounts, { ids: [] }, 'maker', 403);
  });

  it('allows each action exactly where the state machine does, and refuses every other without changing anything', async () => {
    const actor: Record<InstructionAction, string> = {
      edit: 'maker',
      submit: 'maker',
      revoke: 'maker',
      reviewPass: 'reviewer',
      reviewRefuse: 'reviewer',
      confirmPass: 'confirmer',
      confirmRefuse: 'confirmer',
      confirmReviewPass: 'confirmReviewer',
      confirmReviewRefuse: 'confirmReviewer',
      checkPass: 'check',
      checkRefuse: 'check',
      execute: 'exec',
    };
    const act = async (action: InstructionAction, r: InstructionRecord) => {
      const result = action.endsWith('Pass') ? 'pass' : 'refuse';
      switch (action) {
        case 'edit':
          return call(instructionsApi.instructionUpdate, { id: r.id, version: r.version, ...entry({ amount: '1.01', valueDate: tomorrow }) }, actor[action]);
        case 'submit':
          return call(instructionsApi.instructionSubmit, { ids: [r.id] }, actor[action]);
        case 'revoke':
          return call(instructionsApi.instructionRevoke, { id: r.id, reason: '撤销' }, actor[action]);
        case 'execute':
          // Paid on its value date only (the timing has a test of its own).
          await db().updateTable('instructions').set({ value_date: today }).where('id', '=', r.id).execute();
          return call(instructionsApi.custodianExecute, execution({ ...r, valueDate: today }), actor[action]);
        case 'checkPass':
        case 'checkRefuse':
          return call(instructionsApi.custodianCheck, decide([r], result, '退回'), actor[action]);
        default: {
          const op = action.startsWith('review') ? instructionsApi.instructionReview : action.startsWith('confirmReview') ? instructionsApi.instructionConfirmReview : instructionsApi.instructionConfirm;
          return call(op, decide([r], result, result === 'refuse' ? '退回' : ''), actor[action]);
        }
      }
    };
    const historyLength = async (id: number) => (await db().selectFrom('instruction_history').select((eb) => eb.fn.countAll<number>().as('n')).where('instruction_id', '=', id).executeTakeFirstOrThrow()).n;
    let legal = 0;
    for (const status of INSTRUCTION_STATUSES) {
      const draft = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ amount: '1.00', valueDate: tomorrow }), 'maker');
      // Put there directly: what leads to each state is driven through the calls by the other tests.
      const put = async () => {
        await db().updateTable('instructions').set({ status }).where('id', '=', draft.id).execute();
        return detail(draft.id);
      };
      for (const action of Object.keys(actor) as InstructionAction[]) {
        const row = await put();
        const to = nextStatus(status, action, { hasThirdParty: true });
        const steps = Number(await historyLength(row.id));
        const { res, json } = await act(action, row);
        if (to === null) {
          expect([res.statusCode, json.returnMsg.split('：')[0]], `${status} ${action}`).toEqual([400, '指令状态已变更，请刷新后重试']);
          expect((await detail(row.id)).version, `${status} ${action} left the row alone`).toBe(row.version);
          expect(Number(await historyLength(row.id))).toBe(steps);
        } else {
          legal += 1;
          expect(res.statusCode, `${status} ${action}: ${json.returnMsg}`).toBe(200);
          const after = await detail(row.id);
          expect(after.status, `${status} ${action}`).toBe(to);
          expect(after.history.at(-1)).toMatchObject({ action, fromStatus: status, toStatus: to });
        }
      }
    }
    // 00, 11, 21, 31, 41 × edit, submit, revoke; 10 × revoke, review pass and refuse; two each at 20, 30, 40; execute at 50.
    expect(legal).toBe(5 * 3 + 3 + 2 * 3 + 1);
    // 144 calls with their checks: more than the default 30 s on a busy machine.
  }, 120_000);

  it('pays on the value date only: refused before it, after it only with the reason, kept in the history', async () => {
    const s = await submitted({ payerAccountNo: ACC_PLAIN, amount: '3.00', valueDate: tomorrow });
    const [r] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([s], 'pass'), 'reviewer');
    const [k] = await ok<InstructionRecord[]>(instructionsApi.custodianCheck, decide([r!], 'pass'), 'check');
    const before = await balance(ACC_PLAIN);
    const early = `指令${k!.instructionNo}起息日为${tomorrow}，未到起息日，不能执行`;
    await refused(instructionsApi.custodianExecute, execution(k!), 'exec', 400, early);
    await refused(instructionsApi.custodianExecute, { ...execution(k!), reason: '客户要求提前' }, 'exec', 400, early);
    expect((await detail(k!.id)).status).toBe('50');
    expect(await balance(ACC_PLAIN)).toBe(before);
    // Checked in time, not paid that day: late, with a reason.
    const yesterday = formatDate(Date.now() - 86_400_000);
    await db().updateTable('instructions').set({ value_date: yesterday }).where('id', '=', k!.id).execute();
    const late = execution({ ...k!, valueDate: yesterday });
    await refused(instructionsApi.custodianExecute, { ...late, reason: '  ' }, 'exec', 400, `指令${k!.instructionNo}起息日为${yesterday}，已过起息日，请输入延迟执行原因`);
    expect((await detail(k!.id)).history).toHaveLength(4);
    const done = await ok<InstructionRecord>(instructionsApi.custodianExecute, { ...late, reason: '系统故障顺延' }, 'exec');
    expect(done.status).toBe('60');
    expect((await detail(k!.id)).history.at(-1)).toMatchObject({ action: 'execute', reason: '系统故障顺延' });
    expect(Number(await balance(ACC_PLAIN))).toBe(Number(before) - 3);
  });

  it('takes digits only as a CNY payee account (CNAPS), letters where a currency goes by SWIFT', async () => {
    const n = async () => Number((await db().selectFrom('instructions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const count = await n();
    for (const payeeAccountNo of ['ABCD-1234', '6222-0200-0000', '1234567', '1'.repeat(33)]) {
      await refused(instructionsApi.instructionAdd, { ...entry({ payeeAccountNo }), submit: true }, 'maker', 400, '人民币收款账号须为8到32位数字');
    }
    expect(await n()).toBe(count);
    const draft = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ amount: '4.00' }), 'maker');
    await refused(instructionsApi.instructionUpdate, { id: draft.id, version: draft.version, ...entry({ payeeAccountNo: 'ABCD-1234' }) }, 'maker', 400, '人民币收款账号须为8到32位数字');
    expect((await detail(draft.id)).payeeAccountNo).toBe('6222020000000099');
    // A USD payment abroad: an IBAN-style number with letters.
    const usd = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ amount: '4.00', currency: 'USD', payeeAccountNo: 'GB82WEST12345698765432' }), 'maker');
    expect(usd.payeeAccountNo).toBe('GB82WEST12345698765432');
    await refused(instructionsApi.instructionAdd, entry({ currency: 'USD', payeeAccountNo: 'GB82 WEST' }), 'maker', 400, '收款账号须为6到34位数字、字母或-');
  });

  it('tells the maker which accounts nobody else may review on, and counts them on the enterprise administrator’s home', async () => {
    // The demo seed gives every account a maker enters on a reviewer (this file's own accounts aside: ACC_OTHER's one person enters and reviews).
    for (const enterpriseNo of [OWN, OTHER, '1000000003']) {
      const { n } = await noReviewerAccounts(db(), enterpriseNo)
        .where('e.account_no', 'not like', '622299%')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), enterpriseNo).toBe(0);
    }
    await addLogin('ins.admin', 'U100000184', OWN, ['CUSTOMER_ADMIN']);
    await asUser('admin');
    expect((await counts('admin')).noReviewerAccountCount).toBe(0);
    expect((await counts('maker')).noReviewerAccountCount).toBe(0);
    const ALONE = '622299000000000005';
    const SELF = '622299000000000006';
    await account(ALONE, OWN, null, '5000.00');
    await account(SELF, OWN, null, '5000.00');
    // Nobody reviews on ALONE; on SELF only the maker who holds both roles, who may not review his own.
    await right('U100000181', ALONE, OWN, { entry: true });
    await right('U100000183', SELF, OWN, { entry: true, review: true });
    const hasReviewer = async (who: string) => Object.fromEntries((await ok<{ accounts: PayerAccount[] }>(instructionsApi.payerAccounts, {}, who)).accounts.map((a) => [a.accountNo, a.hasReviewer]));
    expect(await hasReviewer('maker')).toEqual({ [ACC_TP]: true, [ACC_PLAIN]: true, [ALONE]: false });
    expect(await hasReviewer('both')).toEqual({ [ACC_TP]: true, [ACC_PLAIN]: true, [SELF]: false });
    expect((await counts('admin')).noReviewerAccountCount).toBe(2);
    // A reviewer on ALONE, and a second maker on SELF whom the first may review: both have one now.
    await right('U100000182', ALONE, OWN, { review: true });
    expect((await counts('admin')).noReviewerAccountCount).toBe(1);
    await right('U100000181', SELF, OWN, { entry: true });
    expect((await counts('admin')).noReviewerAccountCount).toBe(1);
    await right('U100000182', SELF, OWN, { review: true });
    expect((await counts('admin')).noReviewerAccountCount).toBe(0);
    expect(await hasReviewer('both')).toMatchObject({ [SELF]: true });
    // Switched off, it is not counted.
    await db().deleteFrom('account_auth').where('account_no', '=', ALONE).where('user_no', '=', 'U100000182').execute();
    expect((await counts('admin')).noReviewerAccountCount).toBe(1);
    await db().updateTable('ebank_accounts').set({ used: 0 }).where('account_no', '=', ALONE).execute();
    expect((await counts('admin')).noReviewerAccountCount).toBe(0);
  });

  it('refuses every call without a session (401) and without the authority (403)', async () => {
    for (const op of OPERATIONS) {
      const path = pathOf(op);
      expect((await client().envelope.post(path, {})).res.statusCode, `${path} anonymous`).toBe(401);
      const wrong = op.audience.includes('staff') ? 'maker' : 'check';
      expect((await call(path, {}, wrong)).res.statusCode, `${path} ${wrong}`).toBe(403);
      if (op.audience.includes('customer')) expect((await call(path, {}, 'bare')).res.statusCode, `${path} bare`).toBe(403);
    }
  });
});
