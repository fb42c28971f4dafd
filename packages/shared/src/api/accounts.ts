import { z } from 'zod';
import { toCents } from '../rules/decimal';
import { plainText } from '../rules/schema-primitives';
import { withSignature } from '../rules/signing';
import { AMOUNT_MESSAGE, CSV_FORMAT_MESSAGE, amountSchema } from '../rules/validators';
import { enterpriseTypeSchema } from './enterprises';
import { uploadSchema } from './files';
import { defineOperation } from './operation';
import { orHeld } from './held';
import { filterText, pageOf, pageQuery } from './paging';
import { userNoSchema } from './users';

/**
 * Custody accounts (spec §7 account calls, issue 11). The bank's register holds every custody
 * account; an enterprise adds its status-00 accounts to e-banking (alias, limits, used/forbidden)
 * and says which of its user numbers may query, enter or review instructions on which account.
 * The enterprise is always the session's, never a field of a request.
 *
 * Write requests are plain objects exported as schemas, so the signed edition can extend them
 * with `signMsg` without changing their fields.
 */
const base = { category: '账户管理', serviceId: 'zctg-customer', audience: ['customer'] } as const;

export const ACCOUNT_NO_MESSAGE = '账号须为12到22位数字';
export const accountNoSchema = plainText('账号不能包含控制字符').trim().min(1, '请输入账号').regex(/^\d{12,22}$/, ACCOUNT_NO_MESSAGE);

export const ALIAS_MAX = 50;
/** An e-banking account's alias: free text, empty for none. */
export const aliasSchema = plainText('账户别名不能包含控制字符').trim().max(ALIAS_MAX, `账户别名不能超过${ALIAS_MAX}个字符`);

/** An optional limit: an amount per spec §5, or empty/null for no limit. */
export const limitSchema = z
  .union([z.literal(''), amountSchema], { error: AMOUNT_MESSAGE })
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const LIMIT_ORDER_MESSAGE = '单笔限额不能大于日累计限额';
/** The single-instruction limit cannot exceed the daily limit when both are set. */
export const limitsInOrder = (single: string | null, daily: string | null) =>
  single === null || daily === null || (toCents(single) ?? 0n) <= (toCents(daily) ?? 0n);

/** Account status of the register (spec §3 code table): only 00 may be added or started. */
export const ACCOUNT_STATUS_USABLE = '00';

const codeFilter = (label: string, pattern: RegExp) =>
  plainText(`${label}不能包含控制字符`)
    .trim()
    .refine((v) => v === '' || pattern.test(v), `${label}代码不正确`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The filters of the account list and of its download. Text filters are contains-matches. */
export const accountFilterFields = {
  accountNo: plainText('账号不能包含控制字符')
    .trim()
    .refine((v) => /^\d{0,22}$/.test(v), '账号只能包含数字，且不超过22位')
    .optional()
    .transform((v) => (v ? v : undefined)),
  accountName: filterText('账户名称', 100),
  productName: filterText('产品名称', 100),
  /** spec §3 account status code (00–04). */
  status: codeFilter('账户状态', /^\d{2}$/),
  /** spec §3 card type code (PDBC, PSAV…). */
  cardType: codeFilter('卡类型', /^[A-Z]{4}$/),
  currency: codeFilter('币种', /^[A-Z]{3}$/),
  /** `added`: in e-banking; `notAdded`: in the register only. */
  added: z.enum(['added', 'notAdded'], { error: '添加状态须为added或notAdded' }).optional(),
  /** The third-party institution that confirms the account's instructions. */
  thirdPartyEnterpriseNo: codeFilter('第三方机构编号', /^\d{10}$/),
};

export const accountQuerySchema = z.object({ ...pageQuery, ...accountFilterFields });
export const accountFilterSchema = z.object(accountFilterFields);

/** One register account with its e-banking state (null fields: not added). Amounts are decimal strings. */
export const accountRecordSchema = z.object({
  accountNo: z.string(),
  accountName: z.string(),
  enterpriseNo: z.string(),
  productName: z.string(),
  productCode: z.string(),
  /** spec §3 card type code; label with `codeLabel('cardType', …)`. */
  cardType: z.string(),
  /** spec §3 account status code; label with `codeLabel('accountStatus', …)`. */
  status: z.string(),
  currency: z.string(),
  openBranch: z.string(),
  /** yyyy-MM-dd */
  openDate: z.string(),
  balance: z.string(),
  /** spec §3 reinvest type code, for deposit products only. */
  reinvestType: z.string().nullable(),
  thirdPartyEnterpriseNo: z.string().nullable(),
  thirdPartyEnterpriseName: z.string().nullable(),
  /** Added to e-banking. */
  added: z.boolean(),
  alias: z.string().nullable(),
  /** Switch 1 used, 0 forbidden; null when not added. */
  used: z.number().nullable(),
  singleLimit: z.string().nullable(),
  dailyLimit: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: z.string().nullable(),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

/** Spec §7 `account/queryAccountInfo`: the enterprise's register accounts, paged, with their e-banking state. */
export const queryAccountInfo = defineOperation({
  ...base,
  id: 'ACCOUNT_QUERY_INFO',
  partner: 'read',
  name: '账户列表（分页）',
  method: 'POST',
  path: '/{prefix}/account/queryAccountInfo',
  authority: ['ACCOUNT_VIEW'],
  encrypt: true,
  request: accountQuerySchema,
  response: pageOf(accountRecordSchema),
});

export const accountRefSchema = z.object({ accountNo: accountNoSchema });

/** Spec §7 `account/queryByAccountNo`: one register account of the own enterprise (the look-up before adding). */
export const queryByAccountNo = defineOperation({
  ...base,
  id: 'ACCOUNT_QUERY_BY_NO',
  partner: 'read',
  name: '按账号查询登记账户',
  method: 'POST',
  path: '/{prefix}/account/queryByAccountNo',
  authority: ['ACCOUNT_VIEW'],
  encrypt: true,
  request: accountRefSchema,
  response: accountRecordSchema,
});

export const accountNameUpdateSchema = z.object({
  accountNo: accountNoSchema,
  alias: aliasSchema.min(1, '请输入账户别名'),
  // The limits the account has now, as listed (two decimals): the signature covers them, so a
  // rename can never pass for an edit that changes them. Nothing here changes a limit.
  singleLimit: limitSchema,
  dailyLimit: limitSchema,
});

/** Spec §7 `account/updateAccountName`: an e-banking account's alias, nothing else. */
export const updateAccountName = defineOperation({
  ...base,
  id: 'ACCOUNT_UPDATE_NAME',
  name: '修改账户别名',
  method: 'POST',
  path: '/{prefix}/account/updateAccountName',
  authority: ['ACTION_accountEdit'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(accountNameUpdateSchema),
  // Signed as an edit that keeps the current limits; the server supplies them (docs/signing.md).
  signing: 'AccountEdit',
  response: accountRecordSchema,
});

const limitFields = {
  alias: aliasSchema.default(''),
  singleLimit: limitSchema,
  dailyLimit: limitSchema,
};
/** Alias and limits of an e-banking account; refined objects grow further fields with `safeExtend`. */
const withLimits = () =>
  z.object({ accountNo: accountNoSchema, ...limitFields }).refine((v) => limitsInOrder(v.singleLimit, v.dailyLimit), { message: LIMIT_ORDER_MESSAGE, path: ['singleLimit'] });

export const accountInsertSchema = withLimits();

/** Spec §7 `accountManagement/insert`: adds a status-00 register account to e-banking, in use. */
export const accountInsert = defineOperation({
  ...base,
  id: 'ACCOUNT_MANAGEMENT_INSERT',
  name: '添加网银账户',
  method: 'POST',
  path: '/{prefix}/accountManagement/insert',
  authority: ['ACTION_accountAdd'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(accountInsertSchema),
  signing: 'AccountAdd',
  response: accountRecordSchema,
});

export const accountUpdateSchema = withLimits();

/** Spec §7 `accountManagement/update`: alias and limits of an e-banking account (empty limit: none). */
export const accountUpdate = defineOperation({
  ...base,
  id: 'ACCOUNT_MANAGEMENT_UPDATE',
  name: '修改网银账户（别名与限额）',
  method: 'POST',
  path: '/{prefix}/accountManagement/update',
  authority: ['ACTION_accountEdit'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(accountUpdateSchema),
  signing: 'AccountEdit',
  response: accountRecordSchema,
});

export const ACCOUNT_SELECTION_MAX = 100;
/** The selected e-banking accounts of a start or forbid, all or nothing. */
export const accountSelectionSchema = z.object({
  accountNos: z
    .array(accountNoSchema, { error: '请选择账户' })
    .min(1, '请选择账户')
    .max(ACCOUNT_SELECTION_MAX, `一次最多选择${ACCOUNT_SELECTION_MAX}个账户`)
    .refine((list) => new Set(list).size === list.length, '账号重复'),
});
/** The accounts whose switch changed (those already in the asked state are left as they are). */
const selectionResultSchema = z.object({ changed: z.array(z.string()), unchanged: z.array(z.string()) });

/** Spec §7 `accountManagement/start`: switch on (1); only status-00 register accounts. */
export const accountStart = defineOperation({
  ...base,
  id: 'ACCOUNT_MANAGEMENT_START',
  name: '启用网银账户',
  method: 'POST',
  path: '/{prefix}/accountManagement/start',
  authority: ['ACTION_accountUsed'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(accountSelectionSchema),
  signing: (input) => ({ layout: 'AccountUsed', values: { accountNos: input.accountNos, used: 1 } }),
  response: selectionResultSchema,
});

/** Spec §7 `accountManagement/forbidden`: switch off (0). */
export const accountForbidden = defineOperation({
  ...base,
  id: 'ACCOUNT_MANAGEMENT_FORBIDDEN',
  name: '停用网银账户',
  method: 'POST',
  path: '/{prefix}/accountManagement/forbidden',
  authority: ['ACTION_accountUsed'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(accountSelectionSchema),
  signing: (input) => ({ layout: 'AccountUsed', values: { accountNos: input.accountNos, used: 0 } }),
  response: selectionResultSchema,
});

/** Which rights a user number holds on an account. Entry and review include the right to query. */
export const accountRightsSchema = z.object({ canQuery: z.boolean(), canEntry: z.boolean(), canReview: z.boolean() });
export type AccountRights = z.infer<typeof accountRightsSchema>;

export const accountAuthSeatSchema = accountRightsSchema.extend({ userNo: z.string(), userName: z.string(), username: z.string() });

/** Spec §7 `accountAuth/accountAuthDetail`: every seat of the enterprise with its rights on one account. */
export const accountAuthDetail = defineOperation({
  ...base,
  id: 'ACCOUNT_AUTH_DETAIL',
  name: '账户授权明细',
  method: 'POST',
  path: '/{prefix}/accountAuth/accountAuthDetail',
  authority: ['ACCOUNT_AUTH'],
  encrypt: true,
  request: accountRefSchema,
  response: z.object({ accountNo: z.string(), accountName: z.string(), alias: z.string().nullable(), seats: z.array(accountAuthSeatSchema) }),
});

export const seatAccountRightSchema = accountRightsSchema.extend({
  accountNo: z.string(),
  accountName: z.string(),
  alias: z.string().nullable(),
  /** The e-banking switch: rights on a forbidden account rest until it is started again. */
  used: z.number(),
});
export type SeatAccountRight = z.infer<typeof seatAccountRightSchema>;

/**
 * Spec §7 `user/queryAccountAuth`: the accounts a user number holds rights on. Without `userNo`
 * the caller's own seat; another seat of the enterprise needs the account-authorization authority.
 */
export const queryAccountAuth = defineOperation({
  ...base,
  id: 'USER_QUERY_ACCOUNT_AUTH',
  partner: 'read',
  name: '查询用户号的账户权限',
  method: 'POST',
  path: '/{prefix}/user/queryAccountAuth',
  authority: ['ACCOUNT_VIEW', 'ACCOUNT_AUTH'],
  encrypt: true,
  request: z.object({ userNo: userNoSchema.optional() }),
  response: z.object({ userNo: z.string(), accounts: z.array(seatAccountRightSchema) }),
});

/** A product the caller's seat works on: its e-banking accounts in service and what the seat may do on them. */
export const userProductSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  accountCount: z.number(),
  canQuery: z.boolean(),
  canEntry: z.boolean(),
  canReview: z.boolean(),
});
export type UserProduct = z.infer<typeof userProductSchema>;

/**
 * Spec §7 `productGroup/initUserProductsLinks`: the products linked to the caller's own seat, for
 * the home page: the products of the enterprise's e-banking accounts in service on which the
 * seat holds a right, with what it may do there. A seat with no rights gets an empty list.
 */
export const userProductsLinks = defineOperation({
  ...base,
  id: 'PRODUCT_GROUP_USER_LINKS',
  name: '用户关联产品',
  method: 'POST',
  path: '/{prefix}/productGroup/initUserProductsLinks',
  encrypt: true,
  response: z.array(userProductSchema),
});

/** Spec §3 "Enterprise in transfer lists": an institution for the InstitutionPicker. */
export const institutionSchema = z.object({ enterpriseNo: z.string(), enterpriseName: z.string(), status: z.number() });
export type Institution = z.infer<typeof institutionSchema>;

/** Spec §7 `account/queryEnterprsieList` (sic): the third-party institutions in service. */
export const queryEnterpriseList = defineOperation({
  ...base,
  id: 'ACCOUNT_QUERY_ENTERPRISE_LIST',
  partner: 'read',
  name: '第三方机构列表',
  method: 'POST',
  path: '/{prefix}/account/queryEnterprsieList',
  authority: ['ACCOUNT_VIEW'],
  encrypt: true,
  request: z.object({ enterpriseName: filterText('机构名称', 100) }),
  response: z.array(institutionSchema),
});

/** Spec §7 `account/queryEnterprsie` (sic): the own enterprise or a third-party institution. */
export const queryEnterprise = defineOperation({
  ...base,
  id: 'ACCOUNT_QUERY_ENTERPRISE',
  partner: 'read',
  name: '企业详情（本企业或第三方机构）',
  method: 'POST',
  path: '/{prefix}/account/queryEnterprsie',
  authority: ['ACCOUNT_VIEW'],
  encrypt: true,
  request: z.object({ enterpriseNo: plainText('企业编号不能包含控制字符').trim().regex(/^\d{10}$/, '企业编号须为10位数字') }),
  response: z.object({
    enterpriseNo: z.string(),
    enterpriseName: z.string(),
    enterpriseType: enterpriseTypeSchema,
    enterpriseTypeName: z.string(),
    status: z.number(),
    /** Register accounts of the session's enterprise this institution confirms (0 for the own enterprise). */
    confirmedAccountCount: z.number(),
  }),
});

export const personRecordSchema = z.object({
  userNo: z.string(),
  userId: z.number(),
  username: z.string(),
  nickName: z.string(),
  /** The person's status (0: cannot log in) and the seat's own. */
  status: z.number(),
  seatStatus: z.number(),
  roles: z.array(z.object({ roleId: z.number(), roleCode: z.string(), roleName: z.string() })),
  accounts: z.array(accountRightsSchema.extend({ accountNo: z.string() })),
});
export type PersonRecord = z.infer<typeof personRecordSchema>;

/** Spec §7 `user/personQuery`: the enterprise's operators with their roles and account rights, paged. */
export const personQuery = defineOperation({
  ...base,
  id: 'USER_PERSON_QUERY',
  name: '操作员及账户权限（分页）',
  method: 'POST',
  path: '/{prefix}/user/personQuery',
  authority: ['ACCOUNT_AUTH'],
  encrypt: true,
  request: z.object({ ...pageQuery, userNo: filterText('用户号', 10), nickName: filterText('用户姓名', 32) }),
  response: pageOf(personRecordSchema),
});

export const ACCOUNT_RIGHTS_MAX = 5_000;
const RIGHTS_SM3_MESSAGE = '权限摘要须为64位小写十六进制SM3';
const ACCOUNT_COUNT_MESSAGE = '账户数须为非负整数';
export const personModifySchema = z.object({
  userNo: userNoSchema,
  /** The seat's whole set of account rights after the call; an account not listed loses its rights. */
  accounts: z
    .array(accountRightsSchema.extend({ accountNo: accountNoSchema }), { error: '账户权限须为列表' })
    .max(ACCOUNT_RIGHTS_MAX, `账户权限不能超过${ACCOUNT_RIGHTS_MAX}条`)
    .refine((list) => new Set(list.map((a) => a.accountNo)).size === list.length, '账号重复'),
  /** What the signature covers (AccountAuth): the list's length and the SM3 of `accountRightsText(accounts)`. */
  accountCount: z.number({ error: ACCOUNT_COUNT_MESSAGE }).int(ACCOUNT_COUNT_MESSAGE).min(0, ACCOUNT_COUNT_MESSAGE).max(1_000_000, ACCOUNT_COUNT_MESSAGE),
  rightsSm3: z.string({ error: RIGHTS_SM3_MESSAGE }).regex(/^[0-9a-f]{64}$/, RIGHTS_SM3_MESSAGE),
});

/**
 * The canonical rendering of a rights list whose SM3 an AccountAuth signature covers
 * (docs/signing.md): one line per entry in the order sent, `accountNo|Q|E|R` with each right
 * 1 or 0 as sent, each line ended by LF; an empty list is the empty text.
 */
export const accountRightsText = (accounts: readonly (AccountRights & { accountNo: string })[]) =>
  accounts.map((a) => `${a.accountNo}|${Number(a.canQuery)}|${Number(a.canEntry)}|${Number(a.canReview)}\n`).join('');

/**
 * Spec §7 `user/personModify`: sets a seat's account rights (query / entry / review per e-banking
 * account), replacing its previous ones. Entry or review without query is given query too.
 * Signed (AccountAuth) over the seat, the list's length and its digest, as a batch is: a list of
 * 5,000 rights does not fit in the signing data.
 */
export const personModify = defineOperation({
  ...base,
  id: 'USER_PERSON_MODIFY',
  held: true,
  name: '设置操作员账户权限',
  method: 'POST',
  path: '/{prefix}/user/personModify',
  authority: ['ACTION_accountAuth'],
  encrypt: true,
  antiReplay: true,
  request: withSignature(personModifySchema),
  signing: 'AccountAuth',
  // Another seat's rights wait for a second administrator (待审批变更).
  response: orHeld(z.object({ userNo: z.string(), accountCount: z.number() })),
});

export const channelSchema = z.object({ channelCode: z.string(), channelName: z.string() });

/** Spec §7 `channel/queryByUserNo`: the channels (spec §3 code table) a user number of the enterprise may use. */
export const channelQueryByUserNo = defineOperation({
  ...base,
  id: 'CHANNEL_QUERY_BY_USER_NO',
  name: '查询用户号可用渠道',
  method: 'POST',
  path: '/{prefix}/channel/queryByUserNo',
  authority: ['ACCOUNT_VIEW', 'ACCOUNT_AUTH'],
  encrypt: true,
  request: z.object({ userNo: userNoSchema }),
  response: z.array(channelSchema),
});

export const accountBatchSchema = z.object({
  batchNo: z.string(),
  fileName: z.string(),
  rowCount: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type AccountBatch = z.infer<typeof accountBatchSchema>;

/** Spec §7 `accountBatchService/query`: the enterprise's accepted batch uploads, newest first. */
export const accountBatchQuery = defineOperation({
  ...base,
  id: 'ACCOUNT_BATCH_QUERY',
  name: '批量添加账户记录（分页）',
  method: 'POST',
  path: '/{prefix}/accountBatchService/query',
  authority: ['ACCOUNT_VIEW'],
  encrypt: true,
  request: z.object({ ...pageQuery }),
  response: pageOf(accountBatchSchema),
});

export const ACCOUNT_BATCH_MAX_ROWS = 5_000;
export const ACCOUNT_BATCH_MAX_BYTES = 1_048_576;
export const BATCH_NO_MESSAGE = '批次号须为8到40位字母、数字或-';

export const BATCH_ROW_COUNT_MESSAGE = '行数须为非负整数';

/**
 * A CSV of account numbers with an optional alias (`账号,别名`, one account a line, a header
 * line allowed). The client names the batch (`batchNo`) and states its row count and the file's
 * SM3, which its signature covers (docs/signing.md); the server counts and hashes the file itself.
 */
export const batchSignedFields = {
  batchNo: z.string({ error: BATCH_NO_MESSAGE }).regex(/^[A-Za-z0-9-]{8,40}$/, BATCH_NO_MESSAGE),
  // The server judges the count it reads itself (empty file, over the row limit) with its own message.
  rowCount: z.number({ error: BATCH_ROW_COUNT_MESSAGE }).int(BATCH_ROW_COUNT_MESSAGE).min(0, BATCH_ROW_COUNT_MESSAGE).max(1_000_000, BATCH_ROW_COUNT_MESSAGE),
  fileSm3: z.string({ error: '文件摘要须为64位小写十六进制SM3' }).regex(/^[0-9a-f]{64}$/, '文件摘要须为64位小写十六进制SM3'),
};
export const accountBatchInsertSchema = uploadSchema({ maxBytes: ACCOUNT_BATCH_MAX_BYTES, extensions: ['csv'], extensionMessage: CSV_FORMAT_MESSAGE }).safeExtend(batchSignedFields);
/** What a batch signature covers (`AccountAddBatch`), from its operation's input. */
export const batchSigning = (input: { batchNo: string; rowCount: number; fileSm3: string }) =>
  ({ layout: 'AccountAddBatch', values: { batchId: input.batchNo, rowCount: input.rowCount, fileSm3: input.fileSm3 } }) as const;

/** One refused row of a batch: 1-based line number in the file, the text found and the reason. */
export const batchRowErrorSchema = z.object({ rowNo: z.number(), accountNo: z.string(), reason: z.string() });
export type BatchRowError = z.infer<typeof batchRowErrorSchema>;

/**
 * Spec §7 `accountBatchService/insert`: every row is checked against the register before
 * anything is written; one bad row and nothing is written (`accepted` false, `errors` say why
 * per row). Up to 5,000 rows.
 */
export const accountBatchInsert = defineOperation({
  ...base,
  id: 'ACCOUNT_BATCH_INSERT',
  name: '批量添加网银账户（CSV）',
  method: 'POST',
  path: '/{prefix}/accountBatchService/insert',
  authority: ['ACTION_accountAdd'],
  kind: 'upload',
  maxBytes: ACCOUNT_BATCH_MAX_BYTES,
  encrypt: true,
  antiReplay: true,
  request: withSignature(accountBatchInsertSchema),
  signing: batchSigning,
  response: z.object({
    accepted: z.boolean(),
    batchNo: z.string().nullable(),
    rowCount: z.number(),
    errors: z.array(batchRowErrorSchema),
  }),
});

export const ACCOUNT_DOWNLOAD_MAX_ROWS = 50_000;
const DOWNLOAD_MAX_BYTES = 20 * 1_048_576;

/** Spec §7 `queryAccountInfo/manage/download`: the filtered account list as xlsx. */
export const accountDownload = defineOperation({
  ...base,
  id: 'ACCOUNT_DOWNLOAD',
  name: '下载账户列表（xlsx）',
  method: 'POST',
  path: '/{prefix}/queryAccountInfo/manage/download',
  authority: ['ACCOUNT_VIEW'],
  kind: 'download',
  maxBytes: DOWNLOAD_MAX_BYTES,
  encrypt: true,
  request: accountFilterSchema,
});

/** Spec §7 `accountThird/manage/download`: other enterprises' accounts this enterprise confirms as third-party institution, as xlsx. */
export const accountThirdDownload = defineOperation({
  ...base,
  id: 'ACCOUNT_THIRD_DOWNLOAD',
  name: '下载第三方监督账户（xlsx）',
  method: 'POST',
  path: '/{prefix}/accountThird/manage/download',
  authority: ['ACCOUNT_VIEW', 'THIRD_PARTY_CONFIRM'],
  kind: 'download',
  maxBytes: DOWNLOAD_MAX_BYTES,
  encrypt: true,
});
