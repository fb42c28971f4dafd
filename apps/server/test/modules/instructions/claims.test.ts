import { beforeAll, describe, expect, it } from 'vitest';
import { instructionsApi, type InstructionListRecord, type InstructionRecord } from '@portal/shared';
import { NEXT_BUSINESS_DAY } from '../../helpers/business-day';
import { serverUnderTest } from '../../helpers/server-under-test';
import { InstructionClaims, type ClaimList } from '../../../src/modules/instructions/claims';

const OWN = '1000000001';
const OTHER = '1000000002';
const TP = '2000000001';
/** An account of OWN that TP confirms; one of OTHER. Neither is the seed's, so the lists below hold only this file's rows. */
const ACC = '622299000000000011';
const ACC_OTHER = '622299000000000012';
// A business day after today's: hours before its cut-off whenever the file runs.
const valueDate = NEXT_BUSINESS_DAY;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two reviewers of one enterprise, two confirmers of one institution and two custodian checkers,
// each pair working one list: what one has selected shows on the other's list, never on their own.
describe('who is working on which waiting instruction (claims)', () => {
  const LOGINS = { maker: 'cl.maker', a: 'cl.reviewerA', b: 'cl.reviewerB', other: 'cl.other', c1: 'cl.confirmer1', c2: 'cl.confirmer2', s1: 'cl.check1', s2: 'cl.check2' };
  const { app, db, ok, refused, addLogin } = serverUnderTest({}, { logins: LOGINS });
  const api = instructionsApi;

  const entry = (payerAccountNo: string, submit = true) => ({
    type: '01',
    payerAccountNo,
    payeeName: '某某基金托管专户',
    payeeAccountNo: '6222020000000099',
    payeeBank: '华夏银行北京分行',
    payeeCnaps: '304100040000',
    amount: '100.00',
    valueDate,
    purpose: '划款',
    submit,
  });
  const add = (who: string, accountNo = ACC, submit = true) => ok<InstructionRecord>(api.instructionAdd, entry(accountNo, submit), who);
  const claim = async (who: string, step: string, ids: number[]) => (await ok<{ ids: number[] }>(api.instructionClaim, { step, ids }, who)).ids;
  const reviewList = async (who: string) =>
    (await ok<{ records: InstructionListRecord[] }>(api.instructionQuery, { view: 'review', status: '10', payerAccountNo: ACC, page: 1, limit: 50 }, who)).records;
  const marks = (records: InstructionListRecord[]) => records.map((r) => [r.id, r.claimedBy]);
  const setStatus = (ids: number[], status: string) => db().updateTable('instructions').set({ status }).where('id', 'in', ids).execute();

  const account = async (accountNo: string, enterpriseNo: string, thirdParty: string | null) => {
    await db()
      .insertInto('custody_accounts')
      .values({ account_no: accountNo, account_name: '测试账户', enterprise_no: enterpriseNo, product_name: '测试产品', product_code: 'T001', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance: '100000.00', third_party_enterprise_no: thirdParty })
      .execute();
    await db().insertInto('ebank_accounts').values({ account_no: accountNo, enterprise_no: enterpriseNo, alias: '', used: 1, single_limit: null, daily_limit: null, added_by: 'U100000101' }).execute();
  };
  const right = (userNo: string, accountNo: string, enterpriseNo: string, r: { entry?: boolean; review?: boolean }) =>
    db().insertInto('account_auth').values({ user_no: userNo, account_no: accountNo, enterprise_no: enterpriseNo, can_query: true, can_entry: !!r.entry, can_review: !!r.review, updated_by: 'test' }).execute();

  beforeAll(async () => {
    await account(ACC, OWN, TP);
    await account(ACC_OTHER, OTHER, null);
    await addLogin('cl.maker', 'U100000191', OWN, ['CUSTOMER_MAKER']);
    await addLogin('cl.reviewerA', 'U100000192', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('cl.reviewerB', 'U100000193', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('cl.other', 'U100000291', OTHER, ['CUSTOMER_MAKER']);
    await addLogin('cl.confirmer1', 'U200000191', TP, ['CUSTOMER_THIRD_PARTY_CONFIRMER']);
    await addLogin('cl.confirmer2', 'U200000192', TP, ['CUSTOMER_THIRD_PARTY_CONFIRMER']);
    await addLogin('cl.check1', 'S900000191', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    await addLogin('cl.check2', 'S900000192', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    await db().updateTable('users').set({ nick_name: '张三' }).where('username', '=', 'cl.reviewerA').execute();
    await db().updateTable('users').set({ nick_name: '李四' }).where('username', '=', 'cl.reviewerB').execute();
    await right('U100000191', ACC, OWN, { entry: true });
    await right('U100000192', ACC, OWN, { review: true });
    await right('U100000193', ACC, OWN, { review: true });
    await right('U100000291', ACC_OTHER, OTHER, { entry: true });
  });

  it('shows the rows one reviewer has selected to the other, named and after the free ones, and never to the holder', async () => {
    const rows = [await add('maker'), await add('maker'), await add('maker'), await add('maker')];
    const [r1, r2, r3, r4] = rows.map((r) => r.id) as [number, number, number, number];
    // Newest first while nothing is claimed.
    expect(marks(await reviewList('b'))).toEqual([r4, r3, r2, r1].map((id) => [id, null]));

    expect(await claim('a', 'review', [r3, r4])).toEqual([r3, r4]);
    // B: the free rows first in their order, then A's, named.
    expect(marks(await reviewList('b'))).toEqual([
      [r2, null],
      [r1, null],
      [r4, '张三'],
      [r3, '张三'],
    ]);
    // A's own selection is not marked on A's list.
    expect(marks(await reviewList('a'))).toEqual([r4, r3, r2, r1].map((id) => [id, null]));

    // The first holder keeps a row: B selecting it too claims only the free one.
    expect(await claim('b', 'review', [r3, r2])).toEqual([r2]);
    expect(marks(await reviewList('a'))).toEqual([
      [r4, null],
      [r3, null],
      [r1, null],
      [r2, '李四'],
    ]);

    // A's next selection releases what A no longer has selected; empty releases everything.
    expect(await claim('a', 'review', [r4])).toEqual([r4]);
    expect((await reviewList('b')).find((r) => r.id === r3)!.claimedBy).toBeNull();
    expect(await claim('a', 'review', [])).toEqual([]);
    expect(await claim('b', 'review', [])).toEqual([]);
    expect(marks(await reviewList('b'))).toEqual([r4, r3, r2, r1].map((id) => [id, null]));

    // The other views carry no names.
    const all = await ok<{ records: InstructionListRecord[] }>(api.instructionQuery, { view: 'all', payerAccountNo: ACC, page: 1, limit: 50 }, 'maker');
    expect(all.records.every((r) => r.claimedBy === null)).toBe(true);
  });

  it('drops ids the caller cannot see waiting at the step, and refuses a step the caller does not work', async () => {
    const waiting = await add('maker');
    const draft = await add('maker', ACC, false);
    const elsewhere = await add('other', ACC_OTHER);
    // Another enterprise's instruction, a draft, one waiting at another step and a missing id are silently left out.
    const atConfirm = await add('maker');
    await setStatus([atConfirm.id], '20');
    expect(await claim('a', 'review', [elsewhere.id, draft.id, atConfirm.id, 2_000_000_000, waiting.id])).toEqual([waiting.id]);
    const keys = await app().stores.kv.getMany([elsewhere.id, draft.id, atConfirm.id].map((id) => `claim:review:enterprise:${OWN}:${id}`));
    expect(keys).toEqual([null, null, null]);
    await refused(api.instructionClaim, { step: 'confirm', ids: [atConfirm.id] }, 'a', 403);
    await refused(api.instructionClaim, { step: 'review', ids: [waiting.id] }, 'c1', 403);
    await refused(api.instructionClaim, { step: 'check', ids: [waiting.id] }, 'a', 400);
    await claim('a', 'review', []);
    // Out of the next test's lists.
    await setStatus([waiting.id, atConfirm.id], '90');
  });

  it('shares the confirm list within the institution and the check list among the custodian’s staff', async () => {
    const [x, y] = [await add('maker'), await add('maker')];
    await setStatus([x.id, y.id], '20');
    expect(await claim('c1', 'confirm', [x.id])).toEqual([x.id]);
    const confirmList = async (who: string) => (await ok<{ records: InstructionListRecord[] }>(api.instructionQuery, { view: 'confirm', status: '20', payerAccountNo: ACC, page: 1, limit: 50 }, who)).records;
    expect(marks(await confirmList('c2'))).toEqual([
      [y.id, null],
      [x.id, 'cl.confirmer1'],
    ]);
    expect(marks(await confirmList('c1'))).toEqual([
      [y.id, null],
      [x.id, null],
    ]);
    // The enterprise's reviewers do not work that list: they cannot claim its rows for theirs.
    expect(await claim('a', 'review', [x.id])).toEqual([]);

    await setStatus([x.id, y.id], '40');
    expect((await ok<{ ids: number[] }>(api.custodianClaim, { ids: [y.id, x.id] }, 's1')).ids).toEqual([x.id, y.id]);
    const checkList = async (who: string) => (await ok<{ records: InstructionListRecord[] }>(api.custodianQuery, { view: 'check', payerAccountNo: ACC, page: 1, limit: 50 }, who)).records;
    expect(marks(await checkList('s2'))).toEqual([
      [y.id, 'cl.check1'],
      [x.id, 'cl.check1'],
    ]);
    expect(marks(await checkList('s1'))).toEqual([
      [y.id, null],
      [x.id, null],
    ]);
    // A claim of the confirm step does not follow the rows to the check.
    expect((await confirmList('c2')).map((r) => r.id)).toEqual([]);
    await ok(api.custodianClaim, { ids: [] }, 's1');
    expect(marks(await checkList('s2'))).toEqual([
      [y.id, null],
      [x.id, null],
    ]);
  });

  it('lets a claim lapse when it is not sent again', async () => {
    const row = await add('maker');
    const ctx = { config: app().config, database: app().stores.database, kv: app().stores.kv, now: () => Date.now() };
    const claims = new InstructionClaims(ctx, { ttlMs: 300 });
    const ids = async (username: string) => (await db().selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow()).user_id;
    const [a, b] = [await ids('cl.reviewerA'), await ids('cl.reviewerB')];
    const list: ClaimList = { step: 'review', owner: `enterprise:${OWN}`, scope: { kind: 'reviewer', enterpriseNo: OWN, userNo: 'U100000192' } };
    expect(await claims.claim(a, list, [row.id])).toEqual([row.id]);
    expect((await claims.mark(b, list, [row]))[0]!.claimedBy).toBe('张三');
    await pause(450);
    expect((await claims.mark(b, list, [row]))[0]!.claimedBy).toBeNull();
    // Lapsed, the row is free for the next person.
    expect(await claims.claim(b, list, [row.id])).toEqual([row.id]);
    expect((await claims.mark(a, list, [row]))[0]!.claimedBy).toBe('李四');
  });
});
