import { beforeAll, describe, expect, it } from 'vitest';
import { calendarApi, cutoffsApi, instructionsApi, type CutoffRecord, type InstructionListRecord, type InstructionRecord } from '@portal/shared';
import { DEMO_CALENDAR } from '../../../src/seed/calendar-seed';
import { BUSINESS_MORNING, BUSINESS_TODAY, DEMO_DAYS, NEXT_BUSINESS_DAY, businessTimeAt } from '../../helpers/business-day';
import { serverUnderTest } from '../../helpers/server-under-test';

const OWN = '1000000001';
const TP = '2000000001';
/** An account of OWN confirmed by TP, and one without a third party: this file's own. */
const ACC_TP = '622299000000000021';
const ACC_PLAIN = '622299000000000022';
const STAFF = '9000000001';
const api = instructionsApi;

/** The first weekend day after BUSINESS_TODAY that no 调休 opens, and the first marked holiday after it. */
let weekend = DEMO_DAYS.nextBusinessDay(BUSINESS_TODAY);
while (DEMO_DAYS.isBusinessDay(weekend) || DEMO_DAYS.dayOf(weekend)) weekend = new Date(Date.parse(`${weekend}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const holiday = DEMO_CALENDAR.find((d) => d.kind === 'holiday' && d.date > BUSINESS_TODAY);
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

describe('cut-offs: set by the custodian’s staff, enforced at every step of an instruction', () => {
  const LOGINS = { maker: 'co.maker', reviewer: 'co.reviewer', confirmer: 'co.confirmer', confirmReviewer: 'co.confirmReviewer', check: 'co.check', exec: 'co.exec' };
  const { db, ok, refused, call, get, audits, addLogin, atBusinessTime } = serverUnderTest({}, { logins: LOGINS, businessTime: BUSINESS_MORNING });

  const entry = (over: Record<string, unknown> = {}) => ({
    type: '01',
    payerAccountNo: ACC_PLAIN,
    payeeName: '某某基金托管专户',
    payeeAccountNo: '6222020000000099',
    payeeBank: '华夏银行北京分行',
    payeeCnaps: '304100040000',
    amount: '10.00',
    valueDate: BUSINESS_TODAY,
    purpose: '划款',
    ...over,
  });
  const listing = (records: InstructionRecord[]) =>
    // With the review round: the other steps' layouts leave it out.
    instructionsApi.signedListing(records, true);
  const decide = (records: InstructionRecord[], result: 'pass' | 'refuse', reason = '') => ({ ids: records.map((r) => r.id), result, reason, instructions: listing(records) });
  const add = (over: Record<string, unknown> = {}, submit = true) => ok<InstructionRecord>(api.instructionAdd, { ...entry(over), submit }, 'maker');
  const count = async () => Number((await db().selectFrom('instructions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const statusOf = async (id: number) => (await db().selectFrom('instructions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const missed = (r: InstructionRecord) => `指令${r.instructionNo}已过截止时间（${BUSINESS_TODAY} 15:00），请修改起息日或撤销`;
  const AFTER = businessTimeAt('15:30');

  const account = async (accountNo: string, thirdParty: string | null) => {
    await db()
      .insertInto('custody_accounts')
      .values({ account_no: accountNo, account_name: `截止测试${accountNo.slice(-1)}`, enterprise_no: OWN, product_name: '测试产品', product_code: 'T001', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance: '100000.00', third_party_enterprise_no: thirdParty })
      .execute();
    await db().insertInto('ebank_accounts').values({ account_no: accountNo, enterprise_no: OWN, alias: '', used: 1, single_limit: null, daily_limit: null, added_by: 'U100000101' }).execute();
    for (const [userNo, entry, review] of [['U100000191', true, false], ['U100000192', false, true]] as const) {
      await db().insertInto('account_auth').values({ user_no: userNo, account_no: accountNo, enterprise_no: OWN, can_query: true, can_entry: entry, can_review: review, updated_by: 'test' }).execute();
    }
  };

  beforeAll(async () => {
    await addLogin('co.maker', 'U100000191', OWN, ['CUSTOMER_MAKER']);
    await addLogin('co.reviewer', 'U100000192', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('co.confirmer', 'U200000191', TP, ['CUSTOMER_THIRD_PARTY_CONFIRMER']);
    await addLogin('co.confirmReviewer', 'U200000192', TP, ['CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER']);
    await addLogin('co.check', 'S900000191', STAFF, ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    await addLogin('co.exec', 'S900000192', STAFF, ['STAFF_CUSTODIAN_EXECUTOR'], 'staff');
    await account(ACC_TP, TP);
    await account(ACC_PLAIN, null);
  });

  it('lists every type and currency for staff and saves one, audited with before and after', async () => {
    const { data: list } = await get(cutoffsApi.cutoffList, {}, 'check');
    const rows = list as CutoffRecord[];
    expect(rows).toHaveLength(15);
    // Migration 0030's 15:00, the demo seed's 14:00 for foreign currencies and two hours' notice for 申购赎回款.
    expect(rows.find((r) => r.type === '01' && r.currency === 'CNY')).toMatchObject({ cutoffTime: '15:00', noticeHours: 0, updatedBy: 'system' });
    expect(rows.find((r) => r.type === '01' && r.currency === 'USD')).toMatchObject({ cutoffTime: '14:00', noticeHours: 0 });
    expect(rows.find((r) => r.type === '03' && r.currency === 'CNY')).toMatchObject({ cutoffTime: '15:00', noticeHours: 2 });

    const saved = await ok<CutoffRecord>(cutoffsApi.cutoffSave, { type: '04', currency: 'USD', cutoffTime: '11:30', noticeHours: 3 }, 'check');
    expect(saved).toMatchObject({ type: '04', currency: 'USD', cutoffTime: '11:30', noticeHours: 3, updatedBy: 'co.check' });
    const [audit] = (await audits('cutoff.save')).slice(-1);
    expect(audit).toMatchObject({ outcome: 'success' });
    expect(JSON.stringify(audit!.detail)).toContain('"before":{"cutoffTime":"14:00","noticeHours":0}');
    expect(JSON.stringify(audit!.detail)).toContain('"after":{"cutoffTime":"11:30","noticeHours":3}');
  });

  it('refuses a bad setting with a clear message and writes nothing; only its staff may set or read them', async () => {
    const before = (await audits('cutoff.save')).length;
    await refused(cutoffsApi.cutoffSave, { type: '01', currency: 'CNY', cutoffTime: '24:00', noticeHours: 0 }, 'check', 400, '截止时间格式须为HH:mm（00:00至23:59）');
    await refused(cutoffsApi.cutoffSave, { type: '01', currency: 'CNY', cutoffTime: '15:00', noticeHours: 41 }, 'check', 400, '提前工作小时数须在0到40之间');
    await refused(cutoffsApi.cutoffSave, { type: '09', currency: 'CNY', cutoffTime: '15:00', noticeHours: 0 }, 'check', 400, '请选择正确的指令类型');
    await refused(cutoffsApi.cutoffSave, { type: '01', currency: 'CNY', cutoffTime: '16:00', noticeHours: 0 }, 'exec', 403);
    await refused(cutoffsApi.cutoffSave, { type: '01', currency: 'CNY', cutoffTime: '16:00', noticeHours: 0 }, 'maker', 403);
    expect((await get(cutoffsApi.cutoffList, {}, 'maker')).res.statusCode).toBe(403);
    expect((await audits('cutoff.save')).length).toBe(before);
    const row = await db().selectFrom('instruction_cutoffs').selectAll().where('instruction_type', '=', '01').where('currency', '=', 'CNY').executeTakeFirstOrThrow();
    expect(row.cutoff_time).toBe('15:00');
  });

  it('tells entry the instant, the cut-offs and the days off ahead', async () => {
    const { res, data } = await get(cutoffsApi.custodyDay, {}, 'maker');
    expect(res.statusCode).toBe(200);
    const day = data as { now: string; today: string; cutoffs: { type: string }[]; days: { date: string }[] };
    expect(day).toMatchObject({ now: new Date(BUSINESS_MORNING).toISOString(), today: BUSINESS_TODAY });
    expect(day.cutoffs).toHaveLength(15);
    expect(day.days.every((d) => d.date >= BUSINESS_TODAY)).toBe(true);
    if (holiday) expect(day.days.map((d) => d.date)).toContain(holiday.date);
    // Entry's own: a reviewer enters nothing.
    expect((await get(cutoffsApi.custodyDay, {}, 'reviewer')).res.statusCode).toBe(403);
  });

  it('refuses a value date that is no business day, naming why, and writes nothing', async () => {
    const before = await count();
    const weekday = WEEKDAYS[new Date(`${weekend}T00:00:00Z`).getUTCDay()];
    await refused(api.instructionAdd, entry({ valueDate: weekend }), 'maker', 400, `起息日${weekend}不是工作日（${weekday}），请选择工作日`);
    if (holiday) await refused(api.instructionAdd, entry({ valueDate: holiday.date }), 'maker', 400, `起息日${holiday.date}不是工作日（${holiday.name}），请选择工作日`);
    const draft = await add({}, false);
    await refused(api.instructionUpdate, { id: draft.id, version: 0, ...entry({ valueDate: weekend }) }, 'maker', 400, `起息日${weekend}不是工作日（${weekday}），请选择工作日`);
    expect(await count()).toBe(before + 1);
  });

  it('takes today before the cut-off, refuses it after, and names the first date still open', async () => {
    const early = await add();
    expect(early).toMatchObject({ valueDate: BUSINESS_TODAY, cutoffState: 'onTime', cutoffAt: new Date(businessTimeAt('15:00')).toISOString() });
    atBusinessTime(businessTimeAt('14:30'));
    // Inside the hour before the cut-off the answer warns.
    expect((await add()).cutoffState).toBe('atRisk');
    // 申购赎回款 needs two working hours' notice: 13:00 today.
    await refused(api.instructionAdd, entry({ type: '03' }), 'maker', 400, `起息日${BUSINESS_TODAY}的截止时间${BUSINESS_TODAY} 13:00已过，请选择${NEXT_BUSINESS_DAY}或之后的工作日`);
    atBusinessTime(AFTER);
    const before = await count();
    for (const submit of [true, false]) {
      await refused(api.instructionAdd, { ...entry(), submit }, 'maker', 400, `起息日${BUSINESS_TODAY}的截止时间${BUSINESS_TODAY} 15:00已过，请选择${NEXT_BUSINESS_DAY}或之后的工作日`);
    }
    expect(await count()).toBe(before);
    expect((await add({ valueDate: NEXT_BUSINESS_DAY })).cutoffState).toBe('onTime');
    // The morning's instruction now reads 已过截止 in the maker's list.
    const { records } = await ok<{ records: InstructionListRecord[] }>(api.instructionQuery, { view: 'entry', page: 1, limit: 50 }, 'maker');
    expect(records.find((r) => r.id === early.id)).toMatchObject({ cutoffState: 'missed', expired: false });
    atBusinessTime(BUSINESS_MORNING);
  });

  it('refuses submit, review, confirm, confirm review and the custodian check of a same-day instruction past its cut-off; a refusal, a re-date or a revocation go on', async () => {
    // In the morning: one instruction waiting at each step.
    const draft = await add({}, false);
    const atReview = await add();
    const toRevoke = await add();
    const viaTp = await ok<InstructionRecord[]>(api.instructionReview, decide([await add({ payerAccountNo: ACC_TP }), await add({ payerAccountNo: ACC_TP })], 'pass'), 'reviewer');
    const [atConfirm, confirmedOne] = viaTp as [InstructionRecord, InstructionRecord];
    const [atConfirmReview] = await ok<InstructionRecord[]>(api.instructionConfirm, decide([confirmedOne], 'pass'), 'confirmer');
    const [atCheck, checkedOne] = await ok<InstructionRecord[]>(api.instructionReview, decide([await add(), await add()], 'pass'), 'reviewer');
    const [checked] = await ok<InstructionRecord[]>(api.custodianCheck, decide([checkedOne!], 'pass'), 'check');
    expect([atConfirm.status, atConfirmReview!.status, atCheck!.status, checked!.status]).toEqual(['20', '30', '40', '50']);
    // Paid on its value date: the server says so with the record, whatever the browser's clock.
    expect(checked!.executionTiming).toBe('onTime');

    atBusinessTime(AFTER);
    await refused(api.instructionSubmit, { ids: [draft.id] }, 'maker', 400, missed(draft));
    await refused(api.instructionReview, decide([atReview], 'pass'), 'reviewer', 400, missed(atReview));
    await refused(api.instructionConfirm, decide([atConfirm], 'pass'), 'confirmer', 400, missed(atConfirm));
    await refused(api.instructionConfirmReview, decide([atConfirmReview!], 'pass'), 'confirmReviewer', 400, missed(atConfirmReview!));
    await refused(api.custodianCheck, decide([atCheck!], 'pass'), 'check', 400, missed(atCheck!));
    expect(await Promise.all([draft, atReview, atConfirm, atConfirmReview!, atCheck!].map((r) => statusOf(r.id)))).toEqual(['00', '10', '20', '30', '40']);

    // Refusals return them to the maker; the checked one is paid on its value date as before.
    const [refused11] = await ok<InstructionRecord[]>(api.instructionReview, decide([atReview], 'refuse', '已过截止，请改期'), 'reviewer');
    expect(refused11).toMatchObject({ status: '11', cutoffState: 'missed' });
    expect((await ok<InstructionRecord[]>(api.custodianCheck, decide([atCheck!], 'refuse', '已过截止'), 'check'))[0]!.status).toBe('41');
    expect((await ok<InstructionRecord>(api.custodianExecute, { id: checked!.id, instruction: listing([checked!])[0]! }, 'exec')).status).toBe('60');
    expect((await ok<InstructionRecord>(api.instructionRevoke, { id: toRevoke.id, reason: '已过截止' }, 'maker')).status).toBe('90');

    // Re-dated to the next business day, the refused one goes on.
    const redated = await ok<InstructionRecord>(api.instructionUpdate, { id: refused11!.id, version: refused11!.version, ...entry({ valueDate: NEXT_BUSINESS_DAY }) }, 'maker');
    expect(redated).toMatchObject({ valueDate: NEXT_BUSINESS_DAY, cutoffState: 'onTime' });
    expect((await ok<InstructionRecord[]>(api.instructionSubmit, { ids: [redated.id] }, 'maker'))[0]!.status).toBe('10');
    atBusinessTime(BUSINESS_MORNING);
  });

  it('judges a value date made a holiday after entry: the next step is refused until it is re-dated', async () => {
    const next = await add({ valueDate: NEXT_BUSINESS_DAY });
    // Through staff's own screen, so the instances' copies of the calendar hear of it at once.
    await ok(calendarApi.calendarDaySave, { date: NEXT_BUSINESS_DAY, kind: 'holiday', name: '临时休市' }, 'check');
    try {
      await refused(api.instructionReview, decide([next], 'pass'), 'reviewer', 400, `指令${next.instructionNo}：起息日${NEXT_BUSINESS_DAY}不是工作日（临时休市），请选择工作日`);
    } finally {
      await ok(calendarApi.calendarDayClear, { date: NEXT_BUSINESS_DAY }, 'check');
    }
  });

  it('refuses a test clock that names no instant', async () => {
    const { res, json } = await call(api.instructionQuery, { view: 'entry', page: 1, limit: 10 }, 'maker', { 'x-test-clock': 'tomorrow' });
    expect(res.statusCode).toBe(400);
    expect(json.returnMsg).toBe('x-test-clock须为带时区的ISO时间');
  });
});
