import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  ENTERPRISE_TYPES,
  RETURN_CODES,
  accountsApi,
  batchRowCount,
  codeLabel,
  decodeCsv,
  formatDate,
  parseBatchCsv,
  type AccountRights,
  type BatchRowError,
  type CsvRow,
  type OperationParsed,
  type AuditEventCode,
} from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { recordAudit } from '../../platform/audit';
import { audited } from '../../platform/audited';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { writeSheet } from '../../platform/xlsx';
import { AppError } from '../../plugins/errors';
import { sm3Hex } from '../../sm3';
import {
  accountChunks,
  accountSeats,
  countAccounts,
  countLinkedAccounts,
  countThirdParty,
  deleteSeatRights,
  ebankAccountAdded,
  findAccount,
  findEnterprise,
  findSeat,
  insertBatch,
  insertBatchRows,
  insertEbankAccounts,
  insertSeatRights,
  lockEbankAccount,
  lockSeat,
  registerAccount,
  registerRows,
  seatAccounts,
  seatAuthorities,
  seatRightRows,
  setAccountsUsed,
  thirdPartyChunks,
  updateEbankAccount,
  type AccountFilters,
} from './accounts.queries';
import { channelsOf } from './channels';
import { ACCOUNT_COLUMNS, THIRD_PARTY_COLUMNS } from './sheets';

type Trx = Transaction<DB>;
type Input<Op> = OperationParsed<Op>;

/** Another enterprise's account or seat: refused as not the caller's to touch. */
const forbidden = (message: string) => new AppError(RETURN_CODES.FORBIDDEN, message);

const MESSAGES = {
  // Another enterprise's account or seat reads exactly like one that does not exist: no call
  // tells a customer what the bank holds for others.
  unknown: (no: string) => `账号${no}不存在或不属于本企业`,
  notAdded: (no: string) => `账号${no}未添加至网银`,
  alreadyAdded: (no: string) => `账号${no}已添加至网银`,
  notUsable: (no: string, status: string, action: string) => `账号${no}的状态为“${codeLabel('accountStatus', status)}”，只有状态为“正常”的账户才能${action}`,
  seatUnknown: '用户号不存在或不属于本企业',
} as const;

/** The register row of an account of `enterpriseNo`; refuses unknown and other enterprises' accounts. */
async function ownRegisterAccount(trx: Trx, enterpriseNo: string, accountNo: string) {
  const account = await registerAccount(trx, accountNo);
  if (!account || account.enterprise_no !== enterpriseNo) throw refuse(MESSAGES.unknown(accountNo));
  return account;
}

/** The e-banking row of an own account, locked for the rest of the transaction. */
async function ownEbankAccount(trx: Trx, enterpriseNo: string, accountNo: string) {
  await ownRegisterAccount(trx, enterpriseNo, accountNo);
  const row = await lockEbankAccount(trx, accountNo);
  if (!row) throw refuse(MESSAGES.notAdded(accountNo));
  return row;
}

const limitsOf = (r: { alias: string; single_limit: string | null; daily_limit: string | null }) => ({
  alias: r.alias,
  singleLimit: r.single_limit,
  dailyLimit: r.daily_limit,
});

/** A batch with row errors: nothing was written, the caller gets the errors back. */
class BatchRejected extends Error {
  constructor(readonly errors: BatchRowError[]) {
    super('batch rejected');
  }
}

/** Slices of a list, so one statement's parameters stay well below PostgreSQL's limit. */
const slices = <T>(list: readonly T[], size = 1_000) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** What an AccountAuth signature must cover of a rights list, counted and hashed by the server from the list itself. */
export const signedRights = (input: { accounts: readonly (AccountRights & { accountNo: string })[] }) => ({
  accountCount: input.accounts.length,
  rightsSm3: sm3Hex(accountsApi.accountRightsText(input.accounts)),
});

const rightNames = (r: AccountRights) => [r.canQuery && 'query', r.canEntry && 'entry', r.canReview && 'review'].filter(Boolean).join(',');

/**
 * The writes of the accounts domain. Each runs in one transaction (a refusal leaves nothing
 * behind) through `#write`, is scoped by the session's enterprise, and is audited with the
 * state before and after. `#write` is the one place a per-operation check inside the
 * transaction (the signed edition's signature) belongs.
 */
export class AccountAdmin {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  #write<T>(
    request: FastifyRequest,
    event: AuditEventCode,
    target: Record<string, unknown>,
    work: (trx: Trx, now: Date) => Promise<{ result: T; detail: Record<string, unknown> }>,
    onUniqueViolation?: () => AppError,
  ): Promise<T> {
    return audited(this.#ctx.database, request, event, target, () =>
      this.#ctx.database.db
        .transaction()
        .execute((trx) => work(trx, new Date(this.#ctx.now())))
        .catch((err: unknown) => {
          throw onUniqueViolation && isUniqueViolation(err) ? onUniqueViolation() : err;
        }),
    );
  }

  /** Adds a status-00 register account of the enterprise to e-banking, in use. */
  insert(request: FastifyRequest, session: SessionInfo, input: Input<typeof accountsApi.accountInsert>) {
    const { accountNo } = input;
    return this.#write(
      request,
      'account.add',
      { accountNo },
      async (trx, now) => {
        await verifyOperationSignature(trx, request, input);
        const account = await ownRegisterAccount(trx, session.enterpriseNo, accountNo);
        if (account.status !== accountsApi.ACCOUNT_STATUS_USABLE) throw refuse(MESSAGES.notUsable(accountNo, account.status, '添加'));
        if (await ebankAccountAdded(trx, accountNo)) throw refuse(MESSAGES.alreadyAdded(accountNo));
        await insertEbankAccounts(trx, [
          {
            account_no: accountNo,
            enterprise_no: session.enterpriseNo,
            alias: input.alias,
            used: 1,
            single_limit: input.singleLimit,
            daily_limit: input.dailyLimit,
            added_by: session.userNo,
            added_at: now,
            updated_at: now,
          },
        ]);
        const record = (await findAccount(trx, accountNo))!;
        return { result: record, detail: { after: { alias: record.alias, used: record.used, singleLimit: record.singleLimit, dailyLimit: record.dailyLimit } } };
      },
      // Two adds of one account at once: the second finds it added.
      () => refuse(MESSAGES.alreadyAdded(accountNo)),
    );
  }

  /** Alias and limits of an e-banking account. */
  update(request: FastifyRequest, session: SessionInfo, input: Input<typeof accountsApi.accountUpdate>) {
    return this.#write(request, 'account.update', { accountNo: input.accountNo }, async (trx, now) => {
      await verifyOperationSignature(trx, request, input);
      const before = await ownEbankAccount(trx, session.enterpriseNo, input.accountNo);
      await updateEbankAccount(trx, input.accountNo, { alias: input.alias, single_limit: input.singleLimit, daily_limit: input.dailyLimit, updated_at: now });
      const record = (await findAccount(trx, input.accountNo))!;
      return { result: record, detail: { before: limitsOf(before), after: { alias: record.alias, singleLimit: record.singleLimit, dailyLimit: record.dailyLimit } } };
    });
  }

  /** An e-banking account's alias only. */
  rename(request: FastifyRequest, session: SessionInfo, input: Input<typeof accountsApi.updateAccountName>) {
    return this.#write(request, 'account.rename', { accountNo: input.accountNo }, async (trx, now) => {
      const before = await ownEbankAccount(trx, session.enterpriseNo, input.accountNo);
      // Signed as an edit that keeps the current limits, so it can never pass for one that clears them.
      await verifyOperationSignature(trx, request, input, { singleLimit: before.single_limit, dailyLimit: before.daily_limit });
      await updateEbankAccount(trx, input.accountNo, { alias: input.alias, updated_at: now });
      const record = (await findAccount(trx, input.accountNo))!;
      return { result: record, detail: { before: { alias: before.alias }, after: { alias: input.alias } } };
    });
  }

  /**
   * Switches the selected e-banking accounts on (1) or off (0), all or nothing. Only status-00
   * register accounts may be started; accounts already in the asked state stay as they are.
   */
  setUsed(request: FastifyRequest, session: SessionInfo, input: Input<typeof accountsApi.accountStart>, used: 0 | 1) {
    const { accountNos } = input;
    return this.#write(request, used === 1 ? 'account.start' : 'account.forbid', { accountNos }, async (trx, now) => {
      await verifyOperationSignature(trx, request, input);
      const rows = await registerRows(trx, accountNos);
      const byNo = new Map(rows.map((r) => [r.account_no, r]));
      for (const no of accountNos) {
        const row = byNo.get(no);
        if (!row || row.enterprise_no !== session.enterpriseNo) throw refuse(MESSAGES.unknown(no));
        if (row.used === null) throw refuse(MESSAGES.notAdded(no));
        if (used === 1 && row.status !== accountsApi.ACCOUNT_STATUS_USABLE) throw refuse(MESSAGES.notUsable(no, row.status, '启用'));
      }
      const changed = (await setAccountsUsed(trx, session.enterpriseNo, accountNos, used, now)).sort();
      const unchanged = accountNos.filter((no) => !changed.includes(no));
      return {
        result: { changed, unchanged },
        detail: { before: Object.fromEntries(accountNos.map((no) => [no, byNo.get(no)!.used])), after: used, changed },
      };
    });
  }

  /**
   * Replaces a seat's account rights. The seat and every account are the enterprise's own, the
   * accounts in e-banking; entry or review without query is given query too.
   */
  setRights(
    request: FastifyRequest,
    session: SessionInfo,
    input: Input<typeof accountsApi.personModify>,
    // First in the transaction: the signature, or a second administrator's approval (待审批变更).
    // The list as the server reads it is what the signature must cover.
    confirm: (trx: Trx) => Promise<unknown> = (trx) => verifyOperationSignature(trx, request, input, signedRights(input)),
  ) {
    return this.#write(request, 'account.rights', { targetUserNo: input.userNo }, async (trx, now) => {
      await confirm(trx);
      // Locked: two changes of one seat's rights take turns.
      const seat = await lockSeat(trx, input.userNo);
      if (!seat || seat.enterprise_no !== session.enterpriseNo) throw refuse(MESSAGES.seatUnknown);
      // As with roles: nobody grants themselves rights; another administrator does.
      if (seat.user_no === session.userNo) throw refuse('不能修改自己的账户权限');

      const wanted = input.accounts
        .map((a) => ({ ...a, canQuery: a.canQuery || a.canEntry || a.canReview }))
        .filter((a) => a.canQuery);
      if (wanted.length > 0) {
        const rows = await registerRows(
          trx,
          wanted.map((a) => a.accountNo),
        );
        const byNo = new Map(rows.map((r) => [r.account_no, r]));
        for (const { accountNo } of wanted) {
          const row = byNo.get(accountNo);
          if (!row || row.enterprise_no !== session.enterpriseNo) throw refuse(MESSAGES.unknown(accountNo));
          if (!row.ebank_no) throw refuse(MESSAGES.notAdded(accountNo));
        }
      }

      const previous = await seatRightRows(trx, input.userNo);
      const beforeMap = new Map(previous.map((p) => [p.account_no, rightNames({ canQuery: p.can_query, canEntry: p.can_entry, canReview: p.can_review })]));
      const afterMap = new Map(wanted.map((a) => [a.accountNo, rightNames(a)]));
      await deleteSeatRights(trx, input.userNo);
      for (const slice of slices(wanted)) {
        await insertSeatRights(
          trx,
          slice.map((a) => ({
            user_no: input.userNo,
            account_no: a.accountNo,
            enterprise_no: session.enterpriseNo,
            can_query: a.canQuery,
            can_entry: a.canEntry,
            can_review: a.canReview,
            updated_by: session.userNo,
            updated_at: now,
          })),
        );
      }
      // Only the accounts whose rights changed, so the entry stays readable.
      const touched = [...new Set([...beforeMap.keys(), ...afterMap.keys()])].filter((no) => beforeMap.get(no) !== afterMap.get(no)).sort();
      return {
        result: { userNo: input.userNo, accountCount: wanted.length },
        detail: {
          before: Object.fromEntries(touched.map((no) => [no, beforeMap.get(no) ?? ''])),
          after: Object.fromEntries(touched.map((no) => [no, afterMap.get(no) ?? ''])),
        },
      };
    });
  }
  /**
   * A CSV batch of account numbers (+ alias): every row is checked against the register before
   * anything is written, and one bad row refuses the whole file (its rows' reasons come back).
   * An accepted batch adds every account in use and is kept with its rows.
   */
  async batchInsert(request: FastifyRequest, session: SessionInfo, input: Input<typeof accountsApi.accountBatchInsert>) {
    const bytes = Buffer.from(input.content, 'base64');
    const parsed = parseBatchCsv(decodeCsv(bytes));
    const rowCount = batchRowCount(parsed);
    if (rowCount === 0) throw refuse('文件中没有账户数据');
    if (rowCount > accountsApi.ACCOUNT_BATCH_MAX_ROWS) throw refuse(`一次最多添加${accountsApi.ACCOUNT_BATCH_MAX_ROWS}个账户，该文件有${rowCount}行`);
    const { batchNo } = input;
    const digest = sm3Hex(bytes);
    const target = { batchNo, fileName: input.fileName, rowCount, fileDigest: digest };
    try {
      return await this.#write(
        request,
        'account.batch_add',
        target,
        async (trx, now) => {
          // The file as the server reads it is what the signature must cover.
          await verifyOperationSignature(trx, request, input, { rowCount, fileSm3: digest });
          const errors = [...parsed.errors, ...(await this.#checkRows(trx, session.enterpriseNo, parsed.rows))].sort((a, b) => a.rowNo - b.rowNo);
          if (errors.length > 0) throw new BatchRejected(errors);
          const batchId = await insertBatch(trx, { batch_no: batchNo, enterprise_no: session.enterpriseNo, file_name: input.fileName, row_count: rowCount, file_digest: digest, created_by: session.userNo, created_at: now });
          for (const slice of slices(parsed.rows)) {
            await insertEbankAccounts(
              trx,
              slice.map((r) => ({ account_no: r.accountNo, enterprise_no: session.enterpriseNo, alias: r.alias, used: 1, added_by: session.userNo, added_at: now, updated_at: now })),
            );
            await insertBatchRows(
              trx,
              slice.map((r) => ({ batch_id: batchId, row_no: r.rowNo, account_no: r.accountNo, alias: r.alias })),
            );
          }
          return {
            result: { accepted: true, batchNo, rowCount, errors: [] },
            detail: { after: { accountNos: parsed.rows.map((r) => r.accountNo), used: 1 } },
          };
        },
        // The batch number was taken, or an account was added by someone else meanwhile.
        () => refuse('批次号已存在或部分账户已被同时添加，请刷新后重新上传'),
      );
    } catch (err) {
      if (!(err instanceof BatchRejected)) throw err;
      await recordAudit(this.#ctx.database, request, { event: 'account.batch_add', outcome: 'failure', detail: { ...target, reason: '文件校验未通过', errorCount: err.errors.length } });
      return { accepted: false, batchNo: null, rowCount, errors: err.errors };
    }
  }

  /** The register's verdict on each well-formed row: unknown, other enterprise's, not usable, already added. */
  async #checkRows(trx: Trx, enterpriseNo: string, rows: readonly CsvRow[]): Promise<BatchRowError[]> {
    const found = new Map<string, { enterprise_no: string; status: string; added: boolean }>();
    for (const slice of slices([...new Set(rows.map((r) => r.accountNo))])) {
      const hits = await registerRows(trx, slice);
      for (const h of hits) found.set(h.account_no, { enterprise_no: h.enterprise_no, status: h.status, added: h.ebank_no !== null });
    }
    const errors: BatchRowError[] = [];
    for (const { rowNo, accountNo } of rows) {
      const fail = (reason: string) => errors.push({ rowNo, accountNo, reason });
      const account = found.get(accountNo);
      if (!account || account.enterprise_no !== enterpriseNo) fail('账号不存在或不属于本企业');
      else if (account.status !== accountsApi.ACCOUNT_STATUS_USABLE) fail(`账户状态为“${codeLabel('accountStatus', account.status)}”，只有状态为“正常”的账户才能添加`);
      else if (account.added) fail('该账户已添加至网银');
    }
    return errors;
  }
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The reads of the accounts domain that judge the caller first: an account or seat must be the
 * session's enterprise's own, another seat's rights need ACCOUNT_AUTH, and an enterprise is shown
 * only when it is the own one or an institution. The xlsx downloads are audited.
 */
export class AccountViews {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.database.db;
  }

  /** A register account of the session's enterprise. */
  async account(session: SessionInfo, accountNo: string) {
    const account = await findAccount(this.#db, accountNo);
    if (!account || account.enterpriseNo !== session.enterpriseNo) throw refuse(MESSAGES.unknown(accountNo));
    return account;
  }

  /** A seat of the session's enterprise. */
  async #ownSeat(session: SessionInfo, userNo: string) {
    const seat = await findSeat(this.#db, userNo);
    if (!seat || seat.enterprise_no !== session.enterpriseNo) throw refuse(MESSAGES.seatUnknown);
    return seat;
  }

  /** An own e-banking account with every seat of the enterprise and its rights on it. */
  async authDetail(session: SessionInfo, accountNo: string) {
    const account = await this.account(session, accountNo);
    if (!account.added) throw refuse(MESSAGES.notAdded(accountNo));
    return { accountNo: account.accountNo, accountName: account.accountName, alias: account.alias, seats: await accountSeats(this.#db, session.enterpriseNo, accountNo) };
  }

  /** The accounts a seat holds rights on: the session's own, or (with ACCOUNT_AUTH) another seat of its enterprise. */
  async seatRights(session: SessionInfo, asked: string | undefined) {
    const userNo = asked ?? session.userNo;
    if (userNo !== session.userNo) {
      if (!session.authorities.includes('ACCOUNT_AUTH')) throw forbidden('无权查询其他用户号的账户权限');
      await this.#ownSeat(session, userNo);
    }
    return { userNo, accounts: await seatAccounts(this.#db, userNo) };
  }

  /** The channels a seat of the session's enterprise may use. */
  async channels(session: SessionInfo, userNo: string) {
    const seat = await this.#ownSeat(session, userNo);
    return channelsOf({ active: seat.seat_status === 1 && seat.status === 1, authorities: await seatAuthorities(this.#db, userNo) });
  }

  /** The session's own enterprise, or an institution with how many of the own accounts name it. */
  async enterprise(session: SessionInfo, enterpriseNo: string) {
    const enterprise = await findEnterprise(this.#db, enterpriseNo);
    const own = enterprise?.enterprise_no === session.enterpriseNo;
    // Other customers stay invisible: only the own enterprise and the institutions are shown.
    if (!enterprise || (!own && enterprise.enterprise_type !== 'third_party')) throw refuse('只能查询本企业或第三方机构');
    return {
      enterpriseNo: enterprise.enterprise_no,
      enterpriseName: enterprise.enterprise_name,
      enterpriseType: enterprise.enterprise_type,
      enterpriseTypeName: ENTERPRISE_TYPES[enterprise.enterprise_type],
      status: enterprise.status,
      confirmedAccountCount: own ? 0 : await countLinkedAccounts(this.#db, session.enterpriseNo, enterprise.enterprise_no),
    };
  }

  /** The enterprise's accounts as xlsx, the list's filters applied. */
  async accountSheet(request: FastifyRequest, session: SessionInfo, filters: AccountFilters) {
    const total = await countAccounts(this.#db, session.enterpriseNo, filters);
    if (total > accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS}条，请缩小查询范围`);
    const body = await writeSheet('账户列表', ACCOUNT_COLUMNS, accountChunks(this.#db, session.enterpriseNo, filters));
    // An export of customer data leaves a trace: who took which accounts out.
    await recordAudit(this.#ctx.database, request, { event: 'account.download', outcome: 'success', detail: { filters, rows: total } });
    return { fileName: `账户列表_${this.#stamp()}.xlsx`, contentType: XLSX, body };
  }

  /** For an institution: the other enterprises' accounts that name it, as xlsx. */
  async thirdPartySheet(request: FastifyRequest, session: SessionInfo) {
    const total = await countThirdParty(this.#db, session.enterpriseNo);
    if (total > accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS}条，请联系托管行获取`);
    let rows = 0;
    const counted = async function* (chunks: ReturnType<typeof thirdPartyChunks>) {
      for await (const chunk of chunks) {
        rows += chunk.length;
        yield chunk;
      }
    };
    const body = await writeSheet('第三方监督账户', THIRD_PARTY_COLUMNS, counted(thirdPartyChunks(this.#db, session.enterpriseNo)));
    await recordAudit(this.#ctx.database, request, { event: 'account.third_download', outcome: 'success', detail: { rows } });
    return { fileName: `第三方监督账户_${this.#stamp()}.xlsx`, contentType: XLSX, body };
  }

  /** Today as a file name shows it. */
  #stamp() {
    return formatDate(this.#ctx.now()).replace(/-/g, '');
  }
}
