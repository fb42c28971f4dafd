import type { FastifyInstance } from 'fastify';
import { ENTERPRISE_TYPES, accountsApi, formatDate } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import { operationRoutes } from '../../plugins/operations';
import {
  accountChunks,
  accountSeats,
  countAccounts,
  findAccount,
  findSeat,
  listAccounts,
  listBatches,
  listInstitutions,
  listPersons,
  seatAccounts,
  seatProducts,
  seatAuthorities,
  countThirdParty,
  thirdPartyChunks,
} from './accounts.queries';
import { writeSheet } from '../../platform/xlsx';
import { MESSAGES, forbidden, type AccountAdmin } from './accounts.service';
import { channelsOf } from './channels';
import { ACCOUNT_COLUMNS, THIRD_PARTY_COLUMNS } from './sheets';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Spec §7 account calls: thin routes; the enterprise is always the session's. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext, admin: AccountAdmin) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);

  /** A register account of the session's enterprise. */
  async function ownAccount(enterpriseNo: string, accountNo: string) {
    const account = await findAccount(db, accountNo);
    if (!account || account.enterpriseNo !== enterpriseNo) throw refuse(MESSAGES.unknown(accountNo));
    return account;
  }

  /** A seat of the session's enterprise. */
  async function ownSeat(enterpriseNo: string, userNo: string) {
    const seat = await findSeat(db, userNo);
    if (!seat || seat.enterprise_no !== enterpriseNo) throw refuse(MESSAGES.seatUnknown);
    return seat;
  }

  routes.json(accountsApi.queryAccountInfo, async ({ input, session }) => listAccounts(db, session.enterpriseNo, input));

  routes.json(accountsApi.queryByAccountNo, async ({ input, session }) => ownAccount(session.enterpriseNo, input.accountNo));

  routes.json(accountsApi.updateAccountName, async ({ input, session, request }) => admin.rename(request, session, input));

  routes.json(accountsApi.accountInsert, async ({ input, session, request }) => admin.insert(request, session, input));

  routes.json(accountsApi.accountUpdate, async ({ input, session, request }) => admin.update(request, session, input));

  routes.json(accountsApi.accountStart, async ({ input, session, request }) => admin.setUsed(request, session, input, 1));

  routes.json(accountsApi.accountForbidden, async ({ input, session, request }) => admin.setUsed(request, session, input, 0));

  routes.json(accountsApi.accountAuthDetail, async ({ input, session }) => {
    const { enterpriseNo } = session;
    const account = await ownAccount(enterpriseNo, input.accountNo);
    if (!account.added) throw refuse(MESSAGES.notAdded(input.accountNo));
    return { accountNo: account.accountNo, accountName: account.accountName, alias: account.alias, seats: await accountSeats(db, enterpriseNo, input.accountNo) };
  });

  routes.json(accountsApi.queryAccountAuth, async ({ input, session }) => {
    const userNo = input.userNo ?? session.userNo;
    if (userNo !== session.userNo) {
      if (!session.authorities.includes('ACCOUNT_AUTH')) throw forbidden('无权查询其他用户号的账户权限');
      await ownSeat(session.enterpriseNo, userNo);
    }
    return { userNo, accounts: await seatAccounts(db, userNo) };
  });

  routes.json(accountsApi.userProductsLinks, async ({ session }) => seatProducts(db, session.enterpriseNo, session.userNo));

  routes.json(accountsApi.queryEnterpriseList, async ({ input }) => listInstitutions(db, input.enterpriseName));

  routes.json(accountsApi.queryEnterprise, async ({ input, session }) => {
    const { enterpriseNo } = session;
    const enterprise = await db
      .selectFrom('enterprises')
      .select(['enterprise_no', 'enterprise_name', 'enterprise_type', 'status'])
      .where('enterprise_no', '=', input.enterpriseNo)
      .executeTakeFirst();
    // Other customers stay invisible: only the own enterprise and the institutions are shown.
    if (!enterprise || (enterprise.enterprise_no !== enterpriseNo && enterprise.enterprise_type !== 'third_party')) {
      throw refuse('只能查询本企业或第三方机构');
    }
    const { n } =
      enterprise.enterprise_no === enterpriseNo
        ? { n: 0 }
        : await db
            .selectFrom('custody_accounts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('enterprise_no', '=', enterpriseNo)
            .where('third_party_enterprise_no', '=', enterprise.enterprise_no)
            .executeTakeFirstOrThrow();
    return {
      enterpriseNo: enterprise.enterprise_no,
      enterpriseName: enterprise.enterprise_name,
      enterpriseType: enterprise.enterprise_type,
      enterpriseTypeName: ENTERPRISE_TYPES[enterprise.enterprise_type],
      status: enterprise.status,
      confirmedAccountCount: Number(n),
    };
  });

  routes.json(accountsApi.personQuery, async ({ input, session }) => listPersons(db, session.enterpriseNo, input));

  routes.json(accountsApi.personModify, async ({ input, session, request }) => admin.setRights(request, session, input));

  routes.json(accountsApi.channelQueryByUserNo, async ({ input, session }) => {
    const seat = await ownSeat(session.enterpriseNo, input.userNo);
    return channelsOf({ active: seat.seat_status === 1 && seat.status === 1, authorities: await seatAuthorities(db, input.userNo) });
  });

  routes.json(accountsApi.accountBatchInsert, async ({ input, session, request }) => admin.batchInsert(request, session, input));

  routes.json(accountsApi.accountBatchQuery, async ({ input, session }) => listBatches(db, session.enterpriseNo, input));

  routes.download(accountsApi.accountDownload, async ({ input, session, request }) => {
    const { enterpriseNo } = session;
    const total = await countAccounts(db, enterpriseNo, input);
    if (total > accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS}条，请缩小查询范围`);
    const body = await writeSheet('账户列表', ACCOUNT_COLUMNS, accountChunks(db, enterpriseNo, input));
    // An export of customer data leaves a trace: who took which accounts out.
    await recordAudit(ctx.database, request, { event: 'account.download', outcome: 'success', detail: { filters: input, rows: total } });
    return { fileName: `账户列表_${formatDate(ctx.now()).replace(/-/g, '')}.xlsx`, contentType: XLSX, body };
  });

  routes.download(accountsApi.accountThirdDownload, async ({ session, request }) => {
    const total = await countThirdParty(db, session.enterpriseNo);
    if (total > accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${accountsApi.ACCOUNT_DOWNLOAD_MAX_ROWS}条，请联系托管行获取`);
    let rows = 0;
    const counted = async function* (chunks: ReturnType<typeof thirdPartyChunks>) {
      for await (const chunk of chunks) {
        rows += chunk.length;
        yield chunk;
      }
    };
    const body = await writeSheet('第三方监督账户', THIRD_PARTY_COLUMNS, counted(thirdPartyChunks(db, session.enterpriseNo)));
    await recordAudit(ctx.database, request, { event: 'account.third_download', outcome: 'success', detail: { rows } });
    return { fileName: `第三方监督账户_${formatDate(ctx.now()).replace(/-/g, '')}.xlsx`, contentType: XLSX, body };
  });
}
