import { beforeAll, describe, expect, it } from 'vitest';
import { instructionsApi, type InstructionRecord } from '@portal/shared';
import { BUSINESS_MORNING, BUSINESS_TODAY, NEXT_BUSINESS_DAY, businessTimeAt } from '../../helpers/business-day';
import { openSse, type SseClient } from '../../helpers/sse-client';
import { serverUnderTest } from '../../helpers/server-under-test';

const OWN = '1000000001';
const TP = '2000000001';
/** An account of OWN confirmed by TP, and one without a third party, of this file alone. */
const ACC_TP = '622299000000000091';
const ACC_PLAIN = '622299000000000092';

describe('will this make today', () => {
  const LOGINS = { maker: 'cw.maker', reviewer: 'cw.reviewer', confirmer: 'cw.confirmer', check: 'cw.check' };
  const { app, db, call, ok, counts, addLogin, asUser, atBusinessTime } = serverUnderTest({}, { logins: LOGINS, businessTime: BUSINESS_MORNING });
  const entry = (over: Record<string, unknown> = {}) => ({
    type: '01',
    payerAccountNo: ACC_PLAIN,
    payeeName: '华泰证券股份有限公司',
    payeeAccountNo: '6222020000000088',
    payeeBank: '招商银行南京分行',
    payeeCnaps: '308301000014',
    amount: '2000.00',
    valueDate: BUSINESS_TODAY,
    purpose: '划款',
    ...over,
  });
  const listing = (records: InstructionRecord[]) =>
    // With the review round: the other steps' layouts leave it out.
    instructionsApi.signedListing(records, true);
  const decide = (records: InstructionRecord[], result: 'pass' | 'refuse', reason = '') => ({ ids: records.map((r) => r.id), result, reason, instructions: listing(records) });
  const near = async (who: string) => {
    const c = await counts(who);
    return { dueToday: c.dueTodayCount, atRisk: c.atRiskCount };
  };

  beforeAll(async () => {
    for (const [accountNo, thirdParty] of [
      [ACC_TP, TP],
      [ACC_PLAIN, null],
    ] as const) {
      await db()
        .insertInto('custody_accounts')
        .values({ account_no: accountNo, account_name: `截止测试账户${accountNo.slice(-1)}`, enterprise_no: OWN, product_name: '测试产品', product_code: 'T091', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance: '900000.00', third_party_enterprise_no: thirdParty })
        .execute();
      await db().insertInto('ebank_accounts').values({ account_no: accountNo, enterprise_no: OWN, alias: '', used: 1, added_by: 'U100000101' }).execute();
    }
    await addLogin('cw.maker', 'U100000191', OWN, ['CUSTOMER_MAKER']);
    await addLogin('cw.reviewer', 'U100000192', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('cw.confirmer', 'U200000191', TP, ['CUSTOMER_THIRD_PARTY_CONFIRMER']);
    await addLogin('cw.check', 'S900000191', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    for (const acc of [ACC_TP, ACC_PLAIN]) {
      for (const [userNo, r] of [
        ['U100000191', { can_entry: true, can_review: false }],
        ['U100000192', { can_entry: false, can_review: true }],
      ] as const) {
        await db().insertInto('account_auth').values({ user_no: userNo, account_no: acc, enterprise_no: OWN, can_query: true, ...r, updated_by: 'test' }).execute();
      }
    }
    for (const who of Object.keys(LOGINS)) await asUser(who);
  });

  it('counts the waiting instructions due today and those at risk, for the one whose step it is', async () => {
    atBusinessTime(BUSINESS_MORNING);
    expect(await near('reviewer')).toEqual({ dueToday: 0, atRisk: 0 });
    const draft = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry(), 'maker');
    await ok<InstructionRecord>(instructionsApi.instructionAdd, entry({ valueDate: NEXT_BUSINESS_DAY }), 'maker');
    // The maker's own draft is theirs to act on; tomorrow's is not due today.
    expect(await near('maker')).toEqual({ dueToday: 1, atRisk: 0 });
    const [submitted] = await ok<InstructionRecord[]>(instructionsApi.instructionSubmit, { ids: [draft.id] }, 'maker');
    expect(await near('maker')).toEqual({ dueToday: 0, atRisk: 0 });
    expect(await near('reviewer')).toEqual({ dueToday: 1, atRisk: 0 });
    // 14:00: an hour left to 15:00.
    atBusinessTime(businessTimeAt('14:00'));
    expect(await near('reviewer')).toEqual({ dueToday: 1, atRisk: 1 });
    atBusinessTime(businessTimeAt('15:00'));
    expect(await near('reviewer')).toEqual({ dueToday: 0, atRisk: 0 });
    // Revoked, it waits for nobody.
    atBusinessTime(BUSINESS_MORNING);
    await ok(instructionsApi.instructionRevoke, { id: submitted!.id, reason: '测试撤销' }, 'maker');
    expect(await near('reviewer')).toEqual({ dueToday: 0, atRisk: 0 });
  });

  it('judges records at the business instant and says so', async () => {
    atBusinessTime(businessTimeAt('14:20'));
    const record = await ok<InstructionRecord>(instructionsApi.instructionAdd, entry(), 'maker');
    expect(record).toMatchObject({ judgedAt: new Date(businessTimeAt('14:20')).toISOString(), cutoffState: 'atRisk' });
    await ok(instructionsApi.instructionRevoke, { id: record.id, reason: '测试撤销' }, 'maker');
  });

  it('tells whoever an instruction reaches with under an hour left, and nobody else', async () => {
    const origin = await app().listen({ port: 0, host: '127.0.0.1' });
    const stream = async (who: string) => {
      const ticket = ((await call('/events/ticket', {}, who)).data as { ticket: string }).ticket;
      return openSse(origin, `/pmobile/events/stream?ticket=${ticket}`);
    };
    const streams: Record<string, SseClient> = {};
    for (const who of Object.keys(LOGINS)) streams[who] = await stream(who);
    const quiet = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return Object.fromEntries(Object.entries(streams).map(([who, s]) => [who, s.events.length]));
    };
    try {
      // In the morning nobody is nudged.
      atBusinessTime(BUSINESS_MORNING);
      await ok(instructionsApi.instructionAdd, { ...entry(), submit: true }, 'maker');
      expect(await quiet()).toEqual({ maker: 0, reviewer: 0, confirmer: 0, check: 0 });

      // 14:20: submitted, it reaches the reviewer with 40 minutes left.
      atBusinessTime(businessTimeAt('14:20'));
      const submitted = await ok<InstructionRecord>(instructionsApi.instructionAdd, { ...entry({ payerAccountNo: ACC_TP }), submit: true }, 'maker');
      expect(await streams.reviewer!.next()).toMatchObject({ kind: 'instruction.cutoffNear', ids: [submitted.instructionNo], counts: { msLeft: 40 * 60_000 } });
      // Passed on at 14:30, it reaches the third party's confirmers (the institution's demo seats too).
      atBusinessTime(businessTimeAt('14:30'));
      const [reviewed] = await ok<InstructionRecord[]>(instructionsApi.instructionReview, decide([submitted], 'pass'), 'reviewer');
      expect(await streams.confirmer!.next()).toMatchObject({ kind: 'instruction.cutoffNear', ids: [reviewed!.instructionNo], counts: { msLeft: 30 * 60_000 } });
      // Refused back at 14:45: its maker is told, beside the refusal's notice in 消息中心.
      atBusinessTime(businessTimeAt('14:45'));
      await ok(instructionsApi.instructionConfirm, decide([reviewed!], 'refuse', '用途不清'), 'confirmer');
      const heard = [await streams.maker!.next(), await streams.maker!.next()];
      expect(heard.map((e) => e.kind).sort()).toEqual(['instruction.cutoffNear', 'message.new']);
      expect(heard.find((e) => e.kind === 'instruction.cutoffNear')).toMatchObject({ ids: [reviewed!.instructionNo], counts: { msLeft: 15 * 60_000 } });
      // Each heard only its own; the custodian's checker nothing.
      expect(await quiet()).toEqual({ maker: 2, reviewer: 1, confirmer: 1, check: 0 });
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });
});
