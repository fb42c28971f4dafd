import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_FORMAT_MESSAGE, RETURN_CODES, accountsApi, batchRowCount, decodeCsv, parseBatchCsv, type AccountRecord, type AnyOperation } from '@portal/shared';
import { portalCrypto as c } from '@portal/crypto/node';
import { waived } from '../../helpers/dual-control';
import { serverUnderTest } from '../../helpers/server-under-test';

const ACCOUNT_OPERATIONS = (Object.values(accountsApi) as unknown[]).filter((v): v is AnyOperation => typeof v === 'object' && v !== null && 'defaults' in v);
const OWN = '1000000001';
const OTHER = '1000000002';

type Page = { total: number; records: AccountRecord[] };

describe('custody accounts', () => {
  // demo: U100000101 in 1000000001, maker plus enterprise administrator (account rights).
  // checker: U100000102 in 1000000001, reviewer: may view accounts, not change them.
  const LOGINS = {
    /** A seat of 1000000001 without any role. */
    bare: 'bare.seat',
    /** Bank staff. */
    staff: 'admin',
  };
  const { app, client, db, asUser, pathOf, call, signed, counts: reminders, audits, roleId, addLogin } = serverUnderTest({}, { logins: LOGINS, prepare: waived('1000000001') });
  /** Everything an account call may write. */
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        db().selectFrom('ebank_accounts').selectAll().orderBy('account_no').execute(),
        db().selectFrom('account_auth').selectAll().orderBy('user_no').orderBy('account_no').execute(),
        db().selectFrom('account_batches').selectAll().orderBy('batch_id').execute(),
        db().selectFrom('account_batch_rows').selectAll().orderBy('batch_id').orderBy('row_no').execute(),
        db().selectFrom('custody_accounts').selectAll().orderBy('account_no').execute(),
      ]),
    );
  /** Register accounts of an enterprise by state, in account-number order. */
  const accounts = async (enterpriseNo: string, state: { status?: string; added?: boolean; used?: number }) => {
    let q = db()
      .selectFrom('custody_accounts as c')
      .leftJoin('ebank_accounts as e', 'e.account_no', 'c.account_no')
      .select(['c.account_no', 'c.status', 'c.balance', 'e.used'])
      .where('c.enterprise_no', '=', enterpriseNo);
    if (state.status) q = q.where('c.status', state.status === '!00' ? '<>' : '=', state.status === '!00' ? '00' : state.status);
    if (state.added !== undefined) q = q.where('e.account_no', state.added ? 'is not' : 'is', null);
    if (state.used !== undefined) q = q.where('e.used', '=', state.used);
    return (await q.orderBy('c.account_no').execute()).map((r) => r.account_no);
  };
  const counts = async (who: string) => {
    const { notAddedAccountCount, addedAccountCount } = (await reminders(who)) as Record<'notAddedAccountCount' | 'addedAccountCount', number>;
    return { notAddedAccountCount, addedAccountCount };
  };
  type RightsEntry = { accountNo: string | undefined; canQuery: boolean; canEntry: boolean; canReview: boolean };
  /** A personModify body as the web app sends it: the list with the length and SM3 its signature covers. */
  const rightsOf = (userNo: string, list: RightsEntry[]) => {
    const accounts = list as (RightsEntry & { accountNo: string })[];
    return { userNo, accounts, accountCount: accounts.length, rightsSm3: createHash('sm3').update(accountsApi.accountRightsText(accounts)).digest('hex') };
  };
  let batches = 0;
  /** A batch upload as the web app sends it: named, with the row count and file SM3 its signature covers. */
  const csvUpload = (text: string | Buffer, fileName = '批量添加.csv', batchNo = `TEST-${Date.now()}-${(batches += 1)}`) => {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    return {
      fileName,
      content: bytes.toString('base64'),
      batchNo,
      rowCount: batchRowCount(parseBatchCsv(decodeCsv(bytes))),
      fileSm3: createHash('sm3').update(bytes).digest('hex'),
    };
  };

  beforeAll(async () => {
    await db().insertInto('user_number_roles').values({ user_no: 'U100000101', role_id: await roleId('CUSTOMER_ADMIN') }).execute();
    await addLogin('bare.seat', 'U100000199', OWN, []);
    for (const who of ['demo', 'checker', 'bare', 'staff']) await asUser(who);
  });

  it('refuses every call without a session (401), to staff and to a seat without the authority (403), changing nothing', async () => {
    expect(ACCOUNT_OPERATIONS).toHaveLength(19);
    const before = await snapshot();
    for (const op of ACCOUNT_OPERATIONS) {
      const path = pathOf(op);
      expect(op.audience).toEqual(['customer']);
      expect((await client().envelope.post(path, {})).res.statusCode, `${path} anonymous`).toBe(401);
      for (const [who, login] of [['staff', 'staff'], ['bare seat', 'bare']] as const) {
        const { res, json, data } = await call(path, { accountNo: '10250000000010001' }, login);
        // A seat's own product links need no authority: with no account rights the list is empty.
        if (op === accountsApi.userProductsLinks && who === 'bare seat') {
          expect(res.statusCode, `${path} ${who}`).toBe(200);
          expect(data).toEqual([]);
          continue;
        }
        expect(res.statusCode, `${path} ${who}`).toBe(403);
        expect(json.returnCode).toBe(RETURN_CODES.FORBIDDEN.code);
      }
    }
    // The reviewer views accounts but changes nothing.
    for (const op of [accountsApi.accountInsert, accountsApi.accountUpdate, accountsApi.updateAccountName, accountsApi.accountStart, accountsApi.accountForbidden, accountsApi.personModify, accountsApi.personQuery, accountsApi.accountAuthDetail, accountsApi.accountBatchInsert]) {
      expect((await call(op, {}, 'checker')).res.statusCode, op.id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuses another enterprise's accounts and seats with a clear message, changing nothing", async () => {
    const [foreignAdded] = await accounts(OTHER, { added: true, used: 1 });
    const [foreignUsable] = await accounts(OTHER, { status: '00', added: false });
    const [ownAdded] = await accounts(OWN, { added: true, used: 1 });
    const before = await snapshot();
    const foreign = (no: string) => `账号${no}不存在或不属于本企业`;
    const cases: [string, unknown, string][] = [
      ['/account/queryByAccountNo', { accountNo: foreignAdded }, foreign(foreignAdded!)],
      ['/account/updateAccountName', { accountNo: foreignAdded, alias: '改名' }, foreign(foreignAdded!)],
      ['/accountManagement/insert', { accountNo: foreignUsable }, foreign(foreignUsable!)],
      ['/accountManagement/update', { accountNo: foreignAdded, alias: '改名', singleLimit: '1.00' }, foreign(foreignAdded!)],
      // All or nothing: the own account in the same selection is not touched either.
      ['/accountManagement/forbidden', { accountNos: [ownAdded, foreignAdded] }, foreign(foreignAdded!)],
      ['/accountManagement/start', { accountNos: [foreignAdded] }, foreign(foreignAdded!)],
      ['/accountAuth/accountAuthDetail', { accountNo: foreignAdded }, foreign(foreignAdded!)],
      ['/user/queryAccountAuth', { userNo: 'U100000201' }, '用户号不存在或不属于本企业'],
      ['/user/personModify', rightsOf('U100000201', []), '用户号不存在或不属于本企业'],
      ['/user/personModify', rightsOf('U100000102', [{ accountNo: foreignAdded, canQuery: true, canEntry: false, canReview: false }]), foreign(foreignAdded!)],
      ['/user/personModify', rightsOf('S900000001', []), '用户号不存在或不属于本企业'],
      ['/channel/queryByUserNo', { userNo: 'U100000201' }, '用户号不存在或不属于本企业'],
    ];
    for (const [path, body, message] of cases) {
      // The same answer as for one that does not exist: nothing tells what the bank holds for others.
      const { res, json } = await call(path, body, 'demo');
      expect(res.statusCode, path).toBe(400);
      expect(json.returnMsg, path).toBe(message);
    }
    const enterprise = await call('/account/queryEnterprsie', { enterpriseNo: OTHER }, 'demo');
    expect(enterprise.res.statusCode).toBe(400);
    expect(enterprise.json.returnMsg).toBe('只能查询本企业或第三方机构');

    const batch = await call('/accountBatchService/insert', csvUpload(`${foreignUsable}\n`), 'demo');
    expect(batch.data).toMatchObject({ accepted: false, errors: [{ rowNo: 1, accountNo: foreignUsable, reason: '账号不存在或不属于本企业' }] });

    const list = (await call('/account/queryAccountInfo', { limit: 100 }, 'demo')).data as Page;
    expect(list.total).toBe((await accounts(OWN, {})).length);
    expect(new Set(list.records.map((r) => r.enterpriseNo))).toEqual(new Set([OWN]));
    expect(await snapshot()).toBe(before);
    expect((await audits('account.forbid')).at(-1)).toMatchObject({ outcome: 'failure', detail: { reason: foreign(foreignAdded!) } });
  });

  it('lists the register with filters and paging, validating them', async () => {
    const list = async (filters: Record<string, unknown>) => (await call('/account/queryAccountInfo', { limit: 100, ...filters }, 'demo')).data as Page;
    const all = await list({});
    const own = await accounts(OWN, {});
    expect(all.records.map((r) => r.accountNo)).toEqual(own);
    expect((await list({ status: '01' })).records.every((r) => r.status === '01')).toBe(true);
    expect((await list({ status: '01' })).total).toBe((await accounts(OWN, { status: '01' })).length);
    expect((await list({ cardType: 'PTIM' })).records.every((r) => r.cardType === 'PTIM' && r.reinvestType !== null)).toBe(true);
    expect((await list({ currency: 'USD' })).records.every((r) => r.currency === 'USD' && r.productName.includes('QDII'))).toBe(true);
    const added = await list({ added: 'added' });
    const notAdded = await list({ added: 'notAdded' });
    expect(added.total + notAdded.total).toBe(all.total);
    expect(added.records.every((r) => r.added && r.used !== null && r.addedBy === 'U100000101')).toBe(true);
    expect(notAdded.records.every((r) => !r.added && r.alias === null && r.used === null)).toBe(true);
    expect((await list({ accountName: '货币' })).records.every((r) => r.accountName.includes('货币'))).toBe(true);
    expect((await list({ accountName: '货币' })).total).toBeGreaterThan(0);
    expect((await list({ productName: '资产管理计划' })).records.every((r) => r.thirdPartyEnterpriseName === '鼎晟投资顾问（上海）有限公司')).toBe(true);
    expect((await list({ thirdPartyEnterpriseNo: '2000000001' })).total).toBe((await list({ productName: '资产管理计划' })).total);
    const tail = own[5]!.slice(-6);
    expect((await list({ accountNo: tail })).records.map((r) => r.accountNo)).toContain(own[5]);
    // % and _ are literal; nothing matches them.
    expect((await list({ accountName: '%' })).total).toBe(0);
    const second = (await call('/account/queryAccountInfo', { page: 2, limit: 5 }, 'demo')).data as Page;
    expect(second.total).toBe(all.total);
    expect(second.records.map((r) => r.accountNo)).toEqual(own.slice(5, 10));
    const sample = all.records.find((r) => r.added && r.singleLimit !== null)!;
    expect(sample.balance).toMatch(/^\d+\.\d{2}$/);
    expect(sample.openDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sample.singleLimit).toMatch(/^\d+\.\d{2}$/);

    for (const [filters, message] of [
      [{ status: 'x' }, '账户状态代码不正确'],
      [{ accountNo: 'abc' }, '账号只能包含数字，且不超过22位'],
      [{ added: 'yes' }, '添加状态须为added或notAdded'],
      [{ limit: 500 }, '每页条数须为1到100之间的整数'],
    ] as const) {
      const { res, json } = await call('/account/queryAccountInfo', filters, 'demo');
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
      expect(json.returnMsg).toBe(message);
    }
  });

  it('adds only status-00 accounts of the enterprise, once, and the home counts follow', async () => {
    const before = await counts('demo');
    expect(before).toEqual({
      notAddedAccountCount: (await accounts(OWN, { status: '00', added: false })).length,
      addedAccountCount: (await accounts(OWN, { added: true })).length,
    });
    // The reviewer sees the same counts; a seat that cannot open 账户管理 none.
    expect(await counts('checker')).toEqual(before);
    expect(await counts('bare')).toEqual({ notAddedAccountCount: 0, addedAccountCount: 0 });

    const [usable] = await accounts(OWN, { status: '00', added: false });
    const [dormant] = await accounts(OWN, { status: '!00', added: false });
    const looked = (await call('/account/queryByAccountNo', { accountNo: usable }, 'demo')).data as AccountRecord;
    expect(looked).toMatchObject({ accountNo: usable, enterpriseNo: OWN, added: false, status: '00' });

    const refusals: [unknown, string][] = [
      [{ accountNo: '999999999999' }, '账号999999999999不存在或不属于本企业'],
      [{ accountNo: '123' }, accountsApi.ACCOUNT_NO_MESSAGE],
      [{ accountNo: usable, singleLimit: '100.00', dailyLimit: '50' }, accountsApi.LIMIT_ORDER_MESSAGE],
      [{ accountNo: usable, singleLimit: '01.5' }, '金额格式不合法（最大17位整数和2位小数）'],
      [{ accountNo: usable, alias: 'x'.repeat(51) }, '账户别名不能超过50个字符'],
    ];
    for (const [body, message] of refusals) {
      const { res, json } = await call('/accountManagement/insert', body, 'demo');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json.returnMsg.startsWith(message), `${json.returnMsg} / ${message}`).toBe(true);
    }
    expect((await call('/accountManagement/insert', { accountNo: dormant }, 'demo')).json.returnMsg).toMatch(/只有状态为“正常”的账户才能添加$/);

    const added = await call('/accountManagement/insert', { accountNo: usable, alias: '新增托管户', singleLimit: '1000000', dailyLimit: '5000000.50' }, 'demo');
    expect(added.json.returnCode).toBe('000000');
    expect(added.data).toMatchObject({ accountNo: usable, added: true, used: 1, alias: '新增托管户', singleLimit: '1000000.00', dailyLimit: '5000000.50', addedBy: 'U100000101' });
    expect((await call('/accountManagement/insert', { accountNo: usable }, 'demo')).json.returnMsg).toBe(`账号${usable}已添加至网银`);
    expect(await counts('demo')).toEqual({ notAddedAccountCount: before.notAddedAccountCount - 1, addedAccountCount: before.addedAccountCount + 1 });
    expect((await audits('account.add')).at(-2)).toMatchObject({
      outcome: 'success',
      user_no: 'U100000101',
      enterprise_no: OWN,
      detail: { accountNo: usable, after: { alias: '新增托管户', used: 1, singleLimit: '1000000.00', dailyLimit: '5000000.50' } },
    });

    // Alias and limits; an empty limit is none.
    const updated = await call('/accountManagement/update', { accountNo: usable, alias: '改名托管户', singleLimit: '', dailyLimit: '8000000' }, 'demo');
    expect(updated.data).toMatchObject({ alias: '改名托管户', singleLimit: null, dailyLimit: '8000000.00' });
    expect((await audits('account.update')).at(-1)).toMatchObject({
      detail: { before: { alias: '新增托管户', singleLimit: '1000000.00', dailyLimit: '5000000.50' }, after: { alias: '改名托管户', singleLimit: null, dailyLimit: '8000000.00' } },
    });
    expect((await call('/account/updateAccountName', { accountNo: usable, alias: '  ' }, 'demo')).json.returnMsg).toBe('请输入账户别名');
    // A rename signs the limits the account has now: signed without them, it is refused.
    expect((await call('/account/updateAccountName', { accountNo: usable, alias: '年金托管户' }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect((await call('/account/updateAccountName', { accountNo: usable, alias: '年金托管户', dailyLimit: '8000000.00' }, 'demo')).data).toMatchObject({ alias: '年金托管户', dailyLimit: '8000000.00' });
    expect((await call('/account/updateAccountName', { accountNo: dormant, alias: '别名' }, 'demo')).json.returnMsg).toBe(`账号${dormant}未添加至网银`);

    // Two adds of one account at once: one wins, the other is told, never a 500.
    const [contested] = await accounts(OWN, { status: '00', added: false });
    const both = await Promise.all([1, 2].map(() => call('/accountManagement/insert', { accountNo: contested }, 'demo')));
    expect(both.map((r) => r.res.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.res.statusCode === 400)!.json.returnMsg).toBe(`账号${contested}已添加至网银`);
  });

  it('forbids and starts e-banking accounts; only status-00 ones start', async () => {
    const [a, b] = await accounts(OWN, { added: true, used: 1 });
    const off = await call('/accountManagement/forbidden', { accountNos: [a, b] }, 'demo');
    expect(off.data).toEqual({ changed: [a, b].sort(), unchanged: [] });
    expect(await accounts(OWN, { added: true, used: 0 })).toEqual(expect.arrayContaining([a, b]));
    expect((await call('/accountManagement/forbidden', { accountNos: [a] }, 'demo')).data).toEqual({ changed: [], unchanged: [a] });
    expect((await call('/accountManagement/start', { accountNos: [a] }, 'demo')).data).toEqual({ changed: [a], unchanged: [] });
    expect((await audits('account.start')).at(-1)).toMatchObject({ outcome: 'success', detail: { accountNos: [a], before: { [a!]: 0 }, after: 1, changed: [a] } });

    // The bank makes b dormant: it can stay forbidden but not start again.
    await db().updateTable('custody_accounts').set({ status: '01' }).where('account_no', '=', b!).execute();
    const refused = await call('/accountManagement/start', { accountNos: [a, b] }, 'demo');
    expect(refused.res.statusCode).toBe(400);
    expect(refused.json.returnMsg).toBe(`账号${b}的状态为“休眠账户”，只有状态为“正常”的账户才能启用`);
    const [notAdded] = await accounts(OWN, { added: false });
    expect((await call('/accountManagement/forbidden', { accountNos: [notAdded] }, 'demo')).json.returnMsg).toBe(`账号${notAdded}未添加至网银`);
    expect((await call('/accountManagement/start', { accountNos: [] }, 'demo')).json.returnMsg).toBe('请选择账户');
    expect((await call('/accountManagement/start', { accountNos: [a, a] }, 'demo')).json.returnMsg).toBe('账号重复');
  });

  it("sets a seat's account rights, which that operator then sees", async () => {
    const [x, y] = await accounts(OWN, { added: true, used: 1 });
    const set = await call(
      '/user/personModify',
      rightsOf('U100000102', [
        { accountNo: x, canQuery: false, canEntry: false, canReview: true },
        { accountNo: y, canQuery: true, canEntry: false, canReview: false },
      ]),
      'demo',
    );
    expect(set.data).toEqual({ userNo: 'U100000102', accountCount: 2 });
    // The operator's own view: exactly those accounts, review implying query.
    const mine = (await call('/user/queryAccountAuth', {}, 'checker')).data as { userNo: string; accounts: { accountNo: string; canQuery: boolean; canReview: boolean }[] };
    expect(mine.userNo).toBe('U100000102');
    expect(mine.accounts.map((a) => [a.accountNo, a.canQuery, a.canReview])).toEqual([[x, true, true], [y, true, false]].sort());
    expect((await call('/user/queryAccountAuth', { userNo: 'U100000101' }, 'checker')).json.returnMsg).toBe('无权查询其他用户号的账户权限');
    expect(((await call('/user/queryAccountAuth', { userNo: 'U100000102' }, 'demo')).data as typeof mine).accounts).toHaveLength(2);

    const detail = (await call('/accountAuth/accountAuthDetail', { accountNo: x }, 'demo')).data as { seats: { userNo: string; canQuery: boolean; canReview: boolean; canEntry: boolean }[] };
    expect(detail.seats.find((s) => s.userNo === 'U100000102')).toMatchObject({ canQuery: true, canEntry: false, canReview: true });
    // Every seat of the enterprise: the demo operators and the one this file added.
    expect(detail.seats.map((s) => s.userNo)).toEqual(['U100000101', 'U100000102', 'U100000103', 'U100000104', 'U100000105', 'U100000106', 'U100000199']);

    const persons = (await call('/user/personQuery', { limit: 10 }, 'demo')).data as { total: number; records: { userNo: string; roles: { roleCode: string }[]; accounts: { accountNo: string }[] }[] };
    expect(persons.total).toBe(7);
    expect(persons.records.find((p) => p.userNo === 'U100000102')).toMatchObject({ roles: [{ roleCode: 'CUSTOMER_REVIEWER' }], accounts: [x!, y!].sort().map((accountNo) => ({ accountNo })) });
    expect(((await call('/user/personQuery', { nickName: '李' }, 'demo')).data as typeof persons).records.map((p) => p.userNo)).toEqual(['U100000102']);

    const [notAdded] = await accounts(OWN, { added: false });
    expect((await call('/user/personModify', rightsOf('U100000102', [{ accountNo: notAdded, canQuery: true, canEntry: false, canReview: false }]), 'demo')).json.returnMsg).toBe(`账号${notAdded}未添加至网银`);
    expect((await call('/user/personModify', rightsOf('U100009999', []), 'demo')).json.returnMsg).toBe('用户号不存在或不属于本企业');
    expect((await call('/user/personModify', rightsOf('U100000101', []), 'demo')).json.returnMsg).toBe('不能修改自己的账户权限');

    // Taking every right away.
    await call('/user/personModify', rightsOf('U100000102', []), 'demo');
    expect(((await call('/user/queryAccountAuth', {}, 'checker')).data as typeof mine).accounts).toEqual([]);
    const entries = await audits('account.rights');
    expect(entries.at(-1)).toMatchObject({ outcome: 'success', detail: { targetUserNo: 'U100000102', after: { [x!]: '', [y!]: '' } } });
  });

  it("signs a seat's account rights (AccountAuth) over the list's length and the SM3 the server computes itself", async () => {
    const [x, y] = await accounts(OWN, { added: true, used: 1 });
    const wanted = rightsOf('U100000102', [
      { accountNo: x, canQuery: true, canEntry: true, canReview: false },
      { accountNo: y, canQuery: true, canEntry: false, canReview: false },
    ]);
    const before = await snapshot();
    const unsigned = await call('/user/personModify', { ...wanted, signMsg: undefined }, 'demo');
    expect(unsigned.res.statusCode).toBe(400);
    expect(unsigned.json.returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);
    // Signed for query only on x, sent with entry on y too: the digest claimed is the signed one, the list is not.
    const granted = { ...wanted, accounts: wanted.accounts.map((a) => ({ ...a, canEntry: true })) };
    const signedWanted = await signed('/user/personModify', wanted, 'demo');
    expect((await call('/user/personModify', { ...signedWanted, accounts: granted.accounts }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    // Claiming the tampered list's own digest does not help: the signature covers the first one.
    const reclaimed = rightsOf('U100000102', granted.accounts);
    const resigned = await signed('/user/personModify', wanted, 'demo');
    expect((await call('/user/personModify', { ...resigned, ...reclaimed }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    // A count or digest that is not the list's own fails too, though signed as sent.
    expect((await call('/user/personModify', { ...wanted, accountCount: 1 }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect((await call('/user/personModify', { ...wanted, rightsSm3: 'ab'.repeat(32) }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect((await call('/VerifySign/AccountAuth', { ...wanted, rightsSm3: 'ab'.repeat(32) }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect(await snapshot()).toBe(before);

    // Then the single-use challenge.
    const data = new RegExp(`^AccountAuth\\|U100000102\\|2\\|${wanted.rightsSm3}\\|[0-9a-f]{32}$`);
    expect((await call('/VerifySign/AccountAuth', wanted, 'demo')).data).toEqual({ code: 'AccountAuth', signingData: expect.stringMatching(data) });
    expect((await call('/user/personModify', wanted, 'demo')).data).toEqual({ userNo: 'U100000102', accountCount: 2 });
    expect((await audits('account.rights')).at(-1)?.detail).toMatchObject({ signature: { code: 'AccountAuth', data: expect.stringMatching(data) } });
  });

  it('answers the channels of a seat, the institutions and one enterprise', async () => {
    expect((await call('/channel/queryByUserNo', { userNo: 'U100000101' }, 'demo')).data).toEqual([
      { channelCode: 'IBS', channelName: '网银（网上银行）' },
      { channelCode: 'IBP', channelName: '超级网银（他行汇款）' },
    ]);
    expect((await call('/channel/queryByUserNo', { userNo: 'U100000102' }, 'checker')).data).toEqual([{ channelCode: 'IBS', channelName: '网银（网上银行）' }]);
    expect((await call('/channel/queryByUserNo', { userNo: 'U100000199' }, 'demo')).data).toEqual([{ channelCode: 'IBS', channelName: '网银（网上银行）' }]);

    expect((await call('/account/queryEnterprsieList', {}, 'demo')).data).toEqual([
      { enterpriseNo: '2000000001', enterpriseName: '鼎晟投资顾问（上海）有限公司', status: 1 },
      { enterpriseNo: '2000000002', enterpriseName: '中融汇信信托有限责任公司', status: 1 },
    ]);
    expect(((await call('/account/queryEnterprsieList', { enterpriseName: '信托' }, 'demo')).data as { enterpriseNo: string }[]).map((e) => e.enterpriseNo)).toEqual(['2000000002']);
    const confirmed = await db().selectFrom('custody_accounts').select('account_no').where('enterprise_no', '=', OWN).where('third_party_enterprise_no', '=', '2000000001').execute();
    expect((await call('/account/queryEnterprsie', { enterpriseNo: '2000000001' }, 'demo')).data).toEqual({
      enterpriseNo: '2000000001',
      enterpriseName: '鼎晟投资顾问（上海）有限公司',
      enterpriseType: 'third_party',
      enterpriseTypeName: '第三方机构',
      status: 1,
      confirmedAccountCount: confirmed.length,
    });
    expect(confirmed.length).toBeGreaterThan(0);
    expect((await call('/account/queryEnterprsie', { enterpriseNo: OWN }, 'demo')).data).toMatchObject({ enterpriseNo: OWN, enterpriseType: 'fund_manager', confirmedAccountCount: 0 });

    // Staff cannot take the institution away from under its accounts (中融汇信: no seats of its own, unlike 鼎晟).
    expect((await call('/enterprise/delete', { enterpriseNo: '2000000002' }, 'staff')).json.returnMsg).toBe('企业仍关联托管账户，不能删除，只能停用');
    const retype = await call('/enterprise/update', { enterpriseNo: '2000000001', enterpriseName: '鼎晟投资顾问（上海）有限公司', enterpriseType: 'corporate' }, 'staff');
    expect(retype.json.returnMsg).toBe('该企业是托管账户的第三方机构，不能修改企业类型');
  });

  it('checks a CSV batch row by row and writes nothing when a row is wrong', async () => {
    const usable = await accounts(OWN, { status: '00', added: false });
    const [dormant] = await accounts(OWN, { status: '!00', added: false });
    const [already] = await accounts(OWN, { added: true });
    const [foreignNo] = await accounts(OTHER, { status: '00', added: false });
    const before = await snapshot();

    const notCsv = await call('/accountBatchService/insert', csvUpload('x', '账户.xlsx'), 'demo');
    expect(notCsv.res.statusCode).toBe(400);
    expect(notCsv.json.returnMsg).toBe(CSV_FORMAT_MESSAGE);

    const bad = [
      '账号,别名',
      `${usable[0]},好的一行`,
      '999999999999',
      `${foreignNo}`,
      `${dormant},休眠`,
      `${already}`,
      `${usable[0]},重复`,
      'abc',
      `${usable[1]},${'长'.repeat(51)}`,
      `${usable[2]},a,b`,
      '',
    ].join('\r\n');
    const rejected = await call('/accountBatchService/insert', csvUpload(bad), 'demo');
    expect(rejected.json.returnCode).toBe('000000');
    expect(rejected.data).toEqual({
      accepted: false,
      batchNo: null,
      rowCount: 9,
      errors: [
        { rowNo: 3, accountNo: '999999999999', reason: '账号不存在或不属于本企业' },
        { rowNo: 4, accountNo: foreignNo, reason: '账号不存在或不属于本企业' },
        { rowNo: 5, accountNo: dormant, reason: expect.stringMatching(/^账户状态为“.+”，只有状态为“正常”的账户才能添加$/) },
        { rowNo: 6, accountNo: already, reason: '该账户已添加至网银' },
        { rowNo: 7, accountNo: usable[0], reason: '文件中账号重复（与第2行相同）' },
        { rowNo: 8, accountNo: 'abc', reason: '账号格式不正确，须为12到22位数字' },
        { rowNo: 9, accountNo: usable[1], reason: '账户别名不能超过50个字符' },
        { rowNo: 10, accountNo: usable[2], reason: '格式错误：每行应为“账号,别名”两列' },
      ],
    });
    expect(await snapshot()).toBe(before);
    expect((await audits('account.batch_add')).at(-1)).toMatchObject({ outcome: 'failure', detail: { rowCount: 9, errorCount: 8 } });

    const tooMany = await call('/accountBatchService/insert', csvUpload(Array.from({ length: 5001 }, () => '123456789012').join('\n')), 'demo');
    expect(tooMany.res.statusCode).toBe(400);
    expect(tooMany.json.returnMsg).toBe('一次最多添加5000个账户，该文件有5001行');
    expect((await call('/accountBatchService/insert', csvUpload('账号,别名\n'), 'demo')).json.returnMsg).toBe('文件中没有账户数据');
    expect(await snapshot()).toBe(before);

    // Excel on a Chinese Windows saves CSV as GBK: 甲托管户 and 乙托管户 in GBK bytes.
    const gbkBytes = Buffer.concat([
      Buffer.from(`${usable[3]},`),
      Buffer.from('bcd7cdd0b9dcbba7', 'hex'),
      Buffer.from(`\n"${usable[4]}","`),
      Buffer.from('d2d2cdd0b9dcbba7', 'hex'),
      Buffer.from(`"\n${usable[5]}\n`),
    ]);
    const accepted = await call('/accountBatchService/insert', csvUpload(gbkBytes, '批量添加.csv', 'BATCH-2025-0001'), 'demo');
    expect(accepted.data).toEqual({ accepted: true, batchNo: 'BATCH-2025-0001', rowCount: 3, errors: [] });
    const added = await db().selectFrom('ebank_accounts').select(['account_no', 'alias', 'used', 'added_by']).where('account_no', 'in', usable.slice(3, 6)).orderBy('account_no').execute();
    expect(added).toEqual([
      { account_no: usable[3], alias: '甲托管户', used: 1, added_by: 'U100000101' },
      { account_no: usable[4], alias: '乙托管户', used: 1, added_by: 'U100000101' },
      { account_no: usable[5], alias: '', used: 1, added_by: 'U100000101' },
    ]);
    const listed = (await call('/accountBatchService/query', {}, 'checker')).data as { total: number; records: { batchNo: string; rowCount: number; createdBy: string; fileName: string }[] };
    expect(listed).toMatchObject({ total: 1, records: [{ batchNo: 'BATCH-2025-0001', rowCount: 3, createdBy: 'U100000101', fileName: '批量添加.csv' }] });
    const again = await call('/accountBatchService/insert', csvUpload(`${usable[6]}\n`, 'b.csv', 'BATCH-2025-0001'), 'demo');
    expect(again.json.returnMsg).toBe('批次号已存在或部分账户已被同时添加，请刷新后重新上传');
    expect(await db().selectFrom('ebank_accounts').select('account_no').where('account_no', '=', usable[6]!).executeTakeFirst()).toBeUndefined();
    // Another enterprise's batches are not listed.
    expect(((await call('/accountBatchService/query', {}, 'bare')).json.returnCode)).toBe(RETURN_CODES.FORBIDDEN.code);
  });

  it('verifies every account write against the login key in its own transaction; a batch signature covers the file the server reads', async () => {
    // The last usable one: the other tests take theirs from the front.
    const free = (await accounts(OWN, { status: '00', added: false })).at(-1);
    const before = await snapshot();
    const other = await c.sm2GenerateKeyPair();
    const insert = { accountNo: free!, alias: '签名户', singleLimit: '1000.00', dailyLimit: null };
    const byOtherKey = await call('/accountManagement/insert', await signed('/accountManagement/insert', insert, 'demo', other.privateKey), 'demo');
    expect(byOtherKey.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    // Signed with one limit, sent with another.
    const tampered = await call('/accountManagement/insert', { ...(await signed('/accountManagement/insert', insert, 'demo')), singleLimit: '9000000.00' }, 'demo');
    expect(tampered.json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect((await call('/accountManagement/insert', { ...insert, signMsg: undefined }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_MISSING.code);

    // The client claims another file's digest or row count: the server's own reading decides.
    const upload = csvUpload(`${free}\n`);
    expect((await call('/accountBatchService/insert', { ...upload, fileSm3: 'ab'.repeat(32) }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect((await call('/accountBatchService/insert', { ...upload, rowCount: 2 }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_INVALID.code);
    expect(await snapshot()).toBe(before);

    const added = await call('/accountManagement/insert', insert, 'demo');
    expect(added.json.returnCode).toBe('000000');
    expect((await audits('account.add')).at(-1)?.detail).toMatchObject({ signature: { code: 'AccountAdd', data: expect.stringMatching(new RegExp(`^AccountAdd\\|${free}\\|签名户\\|1000\\.00\\|\\|[0-9a-f]{32}$`)) } });
    // 100 accounts do not fit in 1,024 characters of signing data: refused before anything changes.
    const many = Array.from({ length: 60 }, (_, i) => `62220200000${String(i).padStart(7, '0')}`);
    expect((await call('/accountManagement/forbidden', { accountNos: many }, 'demo')).json.returnCode).toBe(RETURN_CODES.SIGN_DATA_TOO_LONG.code);
  });

  it('downloads the filtered list as xlsx and the accounts an institution confirms', async () => {
    const fetchFile = async (path: string, body: unknown, who: string) => {
      const { data, json } = await call(path, body, who);
      expect(json.returnCode).toBe('000000');
      const { ticket, fileName } = data as { ticket: string; fileName: string };
      const file = await app().inject({ method: 'GET', url: `/pmobile/file/download?ticket=${ticket}`, headers: { ...client().envelope.headers, authorization: `Bearer ${await asUser(who)}` } });
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      return { fileName, sheet: workbook.worksheets[0]! };
    };
    const { fileName, sheet } = await fetchFile('/queryAccountInfo/manage/download', { added: 'added' }, 'demo');
    expect(fileName).toMatch(/^账户列表_\d{8}\.xlsx$/);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '账号', '账户名称', '账户别名', '产品名称', '产品代码', '卡类型', '账户状态', '币种', '开户网点', '开户日期', '余额', '转存方式', '第三方机构', '网银添加状态', '网银启用状态', '单笔限额', '日累计限额', '添加人', '添加时间',
    ]);
    const added = await accounts(OWN, { added: true });
    expect(sheet.actualRowCount).toBe(added.length + 1);
    const first = sheet.getRow(2);
    const register = await db().selectFrom('custody_accounts').selectAll().where('account_no', '=', added[0]!).executeTakeFirstOrThrow();
    expect(first.getCell(1).value).toBe(added[0]);
    expect(first.getCell(1).numFmt).toBe('@');
    expect(first.getCell(11).value).toBe(Number(register.balance));
    expect(first.getCell(11).numFmt).toBe('#,##0.00');
    expect(first.getCell(7).value).toBe('正常');
    expect(first.getCell(8).value).toBe('人民币');
    expect(first.getCell(14).value).toBe('已添加');
    expect((await audits('account.download')).at(-1)).toMatchObject({ outcome: 'success', user_no: 'U100000101', detail: { filters: { added: 'added' }, rows: added.length } });

    // The institution's own seat sees the accounts of others it confirms; a customer that confirms none gets the headers only.
    await addLogin('trust.reviewer', 'U200000201', '2000000002', ['CUSTOMER_REVIEWER']);
    const third = await fetchFile('/accountThird/manage/download', {}, 'trust.reviewer');
    const confirmed = await db().selectFrom('custody_accounts').select(['account_no', 'enterprise_no']).where('third_party_enterprise_no', '=', '2000000002').orderBy('account_no').execute();
    expect(confirmed.length).toBeGreaterThan(0);
    expect(third.sheet.actualRowCount).toBe(confirmed.length + 1);
    expect(third.sheet.getRow(1).getCell(4).value).toBe('所属企业名称');
    expect(third.sheet.getRow(2).getCell(1).value).toBe(confirmed[0]!.account_no);
    expect(new Set(confirmed.map((c) => c.enterprise_no))).not.toContain('2000000002');
    expect((await audits('account.third_download')).at(-1)).toMatchObject({ user_no: 'U200000201', enterprise_no: '2000000002', detail: { rows: confirmed.length } });
    expect((await fetchFile('/accountThird/manage/download', {}, 'demo')).sheet.actualRowCount).toBe(1);
  });
});
