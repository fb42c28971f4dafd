import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCsr, portalCrypto as c } from '@portal/crypto/node';
import {
  CASH_FEED_COLUMNS,
  cashApi,
  FEED_COLUMNS,
  OPERATIONS,
  RETURN_CODES,
  accountsApi,
  batchRowCount,
  certificatesApi,
  decodeCsv,
  formatDate,
  instructionsApi,
  operationById,
  parseBatchCsv,
  type CashStatement,
  type InstructionRecord,
  type ReconcileItem,
  type PayeeRecord,
  type TemplateRecord,
} from '@portal/shared';
import { TEST_CAPTCHA, loginClient } from './helpers/login-client';
import { BUSINESS_MORNING, BUSINESS_TODAY } from './helpers/business-day';
import { externalApi } from './helpers/external-api';
import { waived } from './helpers/dual-control';
import { serverUnderTest } from './helpers/server-under-test';
import { demoStatements, statementsCsv } from '../src/seed/valuation-data';

type Body = Record<string, unknown>;

/** One idempotent operation's write: who makes it, over rows of its own (or of an earlier case). */
interface Case {
  who: string;
  /** The first request: a valid write that succeeds. */
  body: () => Body | Promise<Body>;
  /** Another request, valid in form, sent with the same key. */
  other: (body: Body) => Body;
  /** Keeps what later cases work on from the first answer. */
  keep?: (data: never) => void;
  /** A VerifySign check: it succeeds writing nothing at all. */
  checkOnly?: true;
}

const OWN = '1000000001';
const TP = '2000000001';
/** An account of OWN whose instructions the third party TP confirms, for the instruction chain. */
const ACC = '622299000000000771';
const today = formatDate(Date.now());
/** The instructions' value date: the business day their calls stand on, at 10:00 (paid the same day). */
const valueDate = BUSINESS_TODAY;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');

/**
 * docs/platform/idempotency.md on every write of the catalogue: each operation whose contract is
 * idempotent makes one real write with an Idempotency-Key, then (1) the same request with the key
 * (signed afresh over a new challenge, as a client's retry is) answers the first answer and writes
 * nothing more, (2) another request with the key is refused with 409 010011 and writes nothing,
 * (3) a malformed key is refused with 400 010013. A new idempotent operation fails the table's
 * completeness check until it has a case. One server and its seeded data for all of them.
 */
describe('every idempotent write retried with its Idempotency-Key', () => {
  const LOGINS = { staff: 'admin', staff2: 'secadmin', customerAdmin: 'qyadmin', maker: 'demo', reviewer: 'checker', confirmer: 'tpconfirm', confirmReviewer: 'tpreview', check: 'custcheck', exec: 'custexec' };
  const { app, client, db, asUser, call, ok, pathOf, roleId, addLogin } = serverUnderTest(
    { ABLE_SCAN: '1' },
    // Administrative writes apply at once (waived): each is its own case; the pending changes' decisions are cases too.
    { logins: LOGINS, businessTime: BUSINESS_MORNING, prepare: waived(OWN, '9000000001') },
  );

  const auditCount = async () => Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  // The table keeps the key as SHA-256 of scope, newline and key: found here without the scope.
  const ofKey = (key: string) => sql<boolean>`key_sha256 = encode(sha256(convert_to(scope || chr(10) || ${key}, 'UTF8')), 'hex')`;
  // `answered`: the answer is kept (sealed JSON null for a success without data).
  const keyRows = (key: string) =>
    db()
      .selectFrom('idempotent_requests')
      .select(['operation_id', 'request_id', sql<boolean>`answer is not null`.as('answered')])
      .where(ofKey(key))
      .execute();
  /** Every row of the table as PostgreSQL prints it (the sealed answer as hex), but its time: an answer's dates would match it. */
  const tableText = async () =>
    (await sql<{ row: string }>`select (scope, key_sha256, operation_id, body_sha256, request_id, answer)::text as row from idempotent_requests`.execute(db())).rows
      .map((r) => r.row)
      .join('\n');
  /** Fails when the table holds `text` in the clear, as text or as the hex of its bytes. */
  const expectNotKept = (table: string, text: string) => {
    expect(table).not.toContain(text);
    expect(table).not.toContain(Buffer.from(text).toString('hex'));
  };
  /** The answer's texts long enough not to occur by chance (codes, passwords, secrets, numbers). */
  const textsOf = (data: unknown): string[] =>
    typeof data === 'string' ? (data.length >= 8 ? [data] : []) : data && typeof data === 'object' ? Object.values(data).flatMap(textsOf) : [];

  // What one case leaves for the next (filled as the table runs, in order).
  const the = {} as {
    draft: InstructionRecord;
    attachmentId: number;
    instruction: InstructionRecord;
    usable: string[];
    apiId: number;
    enterpriseNo: string;
    userId: number;
    userNo: string;
    seatNo: string;
    certCode: string;
    serial: string;
    clientId: string;
    noticeId: number;
    noticeVersion: number;
    payee: PayeeRecord;
    template: TemplateRecord;
    templatePayeeId: number;
    subscriptionId: number;
  };

  const entry = (amount: string) => ({
    type: '01',
    payerAccountNo: ACC,
    payeeName: '某某基金托管专户',
    payeeAccountNo: '6222020000000099',
    payeeBank: '华夏银行北京分行',
    payeeCnaps: '304100040000',
    amount,
    valueDate,
    purpose: '划款',
  });
  /** A bulk import's confirmation of a one-payment pain.001 file, as drafts. */
  const importFile = (fileName: string) => {
    const { payeeName, payeeAccountNo, payeeCnaps, payeeBank } = entry('3.00');
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>` +
        `<GrpHdr><MsgId>IDEM-1</MsgId><CreDtTm>${valueDate}T09:00:00</CreDtTm><NbOfTxs>1</NbOfTxs><InitgPty><Nm>幂等</Nm></InitgPty></GrpHdr>` +
        `<PmtInf><PmtInfId>P-1</PmtInfId><PmtMtd>TRF</PmtMtd><ReqdExctnDt><Dt>${valueDate}</Dt></ReqdExctnDt><Dbtr><Nm>幂等</Nm></Dbtr>` +
        `<DbtrAcct><Id><Othr><Id>${ACC}</Id></Othr></Id></DbtrAcct><DbtrAgt><FinInstnId><Nm>托管行</Nm></FinInstnId></DbtrAgt>` +
        `<CdtTrfTxInf><PmtId><EndToEndId>IDEM-E2E-1</EndToEndId></PmtId><Amt><InstdAmt Ccy="CNY">3.00</InstdAmt></Amt>` +
        `<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>CNAPS</Cd></ClrSysId><MmbId>${payeeCnaps}</MmbId></ClrSysMmbId><Nm>${payeeBank}</Nm></FinInstnId></CdtrAgt>` +
        `<Cdtr><Nm>${payeeName}</Nm></Cdtr><CdtrAcct><Id><Othr><Id>${payeeAccountNo}</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>划款</Ustrd></RmtInf></CdtTrfTxInf>` +
        `</PmtInf></CstmrCdtTrfInitn></Document>`,
    );
    return { fileName, content: xml.toString('base64'), fileSm3: createHash('sm3').update(xml).digest('hex'), rowCount: 1, submit: false, allowDuplicate: false };
  };
  /** A signed batch decision over `records`, listing them as the list shows them. */
  const decide = (records: InstructionRecord[], result: 'pass' | 'refuse', reason = '') => ({
    ids: records.map((r) => r.id),
    result,
    reason,
    instructions: instructionsApi.signedListing(records, true),
  });
  const execution = (r: InstructionRecord) => ({ id: r.id, instruction: decide([r], 'pass').instructions[0]! });
  const keepInstruction = (data: InstructionRecord | InstructionRecord[]) => void (the.instruction = Array.isArray(data) ? data[0]! : data);

  const notice = (title: string) => ({ title, body: '<p>请关注流动性风险。</p>', level: '2', audience: 'all', enterpriseNos: [], expireAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
  const rightsOf = (userNo: string, accounts: { accountNo: string; canQuery: boolean; canEntry: boolean; canReview: boolean }[]) => ({
    userNo,
    accounts,
    accountCount: accounts.length,
    rightsSm3: createHash('sm3').update(accountsApi.accountRightsText(accounts)).digest('hex'),
  });
  const csvUpload = (text: string, batchNo: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return { fileName: '批量添加.csv', content: bytes.toString('base64'), batchNo, rowCount: batchRowCount(parseBatchCsv(decodeCsv(bytes))), fileSm3: createHash('sm3').update(bytes).digest('hex') };
  };
  const openWarning = async (table: 'clear_position_warnings' | 'pre_cleaning_reminders' | 'new_share_payments') => {
    const row = await db().selectFrom(table as 'clear_position_warnings').select('id').where('enterprise_no', '=', OWN).where('status', '=', '0').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return row.id;
  };
  /** A certificate for `username` by an activation code, as the browser's enrolment makes it. */
  async function enroll(activationCode: string, password: string) {
    const keys = await c.sm2GenerateKeyPair();
    const { appAsymmetricEncryptionType: asym, appAsymmetricEncryptionPublicKey: key } = client().envelope.negotiated;
    const random = await client().random();
    const randomClient = c.randomHex(16);
    const zctgPassword = await c.asymEncrypt(asym, key, c.utf8Encode(JSON.stringify({ password, random, randomClient })));
    await client().captcha();
    const res = await client().envelope.post(pathOf(certificatesApi.certEnroll), {
      activationCode,
      csr: c.toBase64(await createCsr(c, keys, { commonName: 'ignored' })),
      captcha: TEST_CAPTCHA,
      lastRev: client().envelope.rev,
      zctgPassword,
      random,
      randomClient,
    });
    expect(res.json.returnCode, res.json.returnMsg).toBe('000000');
    return (res.data as { serial: string }).serial;
  }

  const instructionCheck = () => decide([the.instruction], 'pass');

  const payee = (accountNo: string) => ({ name: '幂等收款人', accountNo, cnaps: '304100040000' });
  /** The reviewer's signed decision on the payee's waiting change, as the review page lists it. */
  const payeeDecision = (result: 'pass' | 'refuse' = 'pass') => {
    const change = the.payee.pendingChange!;
    return { changeId: change.id, result, reason: result === 'refuse' ? '不同意' : '', kind: change.kind, name: change.name, accountNo: change.accountNo, cnaps: change.cnaps };
  };
  const keepPayee = (d: PayeeRecord) => void (the.payee = d);

  const template = (name: string) => ({ name, type: '02', payerAccountNo: ACC, payeeId: the.templatePayeeId, purpose: '托管费', locked: ['type', 'payee'] });
  /** The reviewer's signed decision on the template's waiting change, as the review page lists it. */
  const templateDecision = (result: 'pass' | 'refuse' = 'pass') => {
    const c = the.template.pendingChange!;
    const seen = { kind: c.kind, name: c.name, type: c.type, payerAccountNo: c.payerAccountNo, payeeAccountNo: c.payeeAccountNo, payeeCnaps: c.payeeCnaps, purpose: c.purpose, locked: c.locked };
    return { changeId: c.id, result, reason: result === 'refuse' ? '不同意' : '', ...seen };
  };
  const keepTemplate = (d: TemplateRecord) => void (the.template = d);

  /** By operation id; the instruction chain, then every other feature. Order matters: cases build on earlier ones. */
  const pendingChange = async (kind: string) =>
    (await db().selectFrom('admin_changes').select('id').where('kind', '=', kind).where('status', '=', 'pending').orderBy('id').executeTakeFirstOrThrow()).id;
  const CASES: Record<string, Case> = {
    INSTRUCTION_ADD: { who: 'maker', body: () => entry('1.00'), other: (b) => ({ ...b, amount: '2.00' }), keep: (d: InstructionRecord) => void (the.draft = d) },
    INSTRUCTION_UPDATE: {
      who: 'maker',
      body: () => ({ id: the.draft.id, version: the.draft.version, ...entry('1.50') }),
      other: (b) => ({ ...b, amount: '1.60' }),
      keep: (d: InstructionRecord) => void (the.draft = d),
    },
    INSTRUCTION_ATTACHMENT_UPLOAD: {
      who: 'maker',
      body: () => ({ instructionId: the.draft.id, fileName: '合同.png', content: PNG }),
      other: (b) => ({ ...b, fileName: '回单.png' }),
      keep: (d: { id: number }) => void (the.attachmentId = d.id),
    },
    INSTRUCTION_ATTACHMENT_REMOVE: { who: 'maker', body: () => ({ id: the.attachmentId }), other: () => ({ id: the.attachmentId + 1 }) },
    // One payment as drafts (money is judged when they are submitted), from the instructions' account.
    INSTRUCTION_IMPORT_CONFIRM: { who: 'maker', body: () => importFile('幂等导入.xml'), other: (b) => ({ ...b, submit: true }) },
    INSTRUCTION_SUBMIT: { who: 'maker', body: () => ({ ids: [the.draft.id] }), other: () => ({ ids: [the.draft.id + 1] }), keep: keepInstruction },
    VERIFY_SIGN_INSTRUCTION_REVIEW: { who: 'reviewer', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), checkOnly: true },
    INSTRUCTION_REVIEW: { who: 'reviewer', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), keep: keepInstruction },
    VERIFY_SIGN_INSTRUCTION_CONFIRM: { who: 'confirmer', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), checkOnly: true },
    INSTRUCTION_CONFIRM: { who: 'confirmer', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), keep: keepInstruction },
    VERIFY_SIGN_INSTRUCTION_CONFIRM_REVIEW: { who: 'confirmReviewer', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), checkOnly: true },
    INSTRUCTION_CONFIRM_REVIEW: { who: 'confirmReviewer', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), keep: keepInstruction },
    VERIFY_SIGN_INSTRUCTION_CHECK: { who: 'check', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), checkOnly: true },
    CUSTODIAN_INSTRUCTION_CHECK: { who: 'check', body: instructionCheck, other: (b) => ({ ...b, result: 'refuse', reason: '不同意' }), keep: keepInstruction },
    VERIFY_SIGN_INSTRUCTION_EXECUTE: { who: 'exec', body: () => execution(the.instruction), other: () => ({ ...execution(the.instruction), id: the.instruction.id + 1 }), checkOnly: true },
    CUSTODIAN_INSTRUCTION_EXECUTE: { who: 'exec', body: () => execution(the.instruction), other: () => ({ ...execution(the.instruction), id: the.instruction.id + 1 }) },
    INSTRUCTION_REVOKE: {
      who: 'maker',
      body: async () => ({ id: (await ok<InstructionRecord>(operationById('INSTRUCTION_ADD')!, entry('3.00'), 'maker')).id, reason: '重复录入' }),
      other: (b) => ({ ...b, reason: '录入有误' }),
    },

    // The payee book: a maker proposes, a reviewer decides (signed).
    PAYEE_ADD: { who: 'maker', body: () => payee('6222020000000701'), other: () => payee('6222020000000702'), keep: keepPayee },
    VERIFY_SIGN_PAYEE_REVIEW: { who: 'reviewer', body: () => payeeDecision(), other: () => payeeDecision('refuse'), checkOnly: true },
    PAYEE_REVIEW: { who: 'reviewer', body: () => payeeDecision(), other: () => payeeDecision('refuse'), keep: keepPayee },
    PAYEE_UPDATE: {
      who: 'maker',
      body: () => ({ id: the.payee.id, version: the.payee.version, ...payee('6222020000000703') }),
      other: (b) => ({ ...b, accountNo: '6222020000000704' }),
    },
    PAYEE_DELETE: {
      who: 'maker',
      body: async () => {
        const added = await ok<PayeeRecord>(operationById('PAYEE_ADD')!, payee('6222020000000705'), 'maker');
        the.payee = added;
        const effective = await ok<PayeeRecord>(operationById('PAYEE_REVIEW')!, payeeDecision(), 'reviewer');
        return { id: effective.id, version: effective.version };
      },
      other: (b) => ({ ...b, version: Number(b.version) + 1 }),
    },

    // Instruction templates: a maker proposes over an effective payee, a reviewer decides (signed), the maker may withdraw.
    TEMPLATE_ADD: {
      who: 'maker',
      body: async () => {
        the.templatePayeeId = (await db().selectFrom('payees').select('id').where('enterprise_no', '=', OWN).where('status', '=', '20').orderBy('id').executeTakeFirstOrThrow()).id;
        return template('幂等模板');
      },
      other: () => template('幂等模板二'),
      keep: keepTemplate,
    },
    VERIFY_SIGN_TEMPLATE_REVIEW: { who: 'reviewer', body: () => templateDecision(), other: () => templateDecision('refuse'), checkOnly: true },
    TEMPLATE_REVIEW: { who: 'reviewer', body: () => templateDecision(), other: () => templateDecision('refuse'), keep: keepTemplate },
    TEMPLATE_UPDATE: {
      who: 'maker',
      body: () => ({ id: the.template.id, version: the.template.version, ...template('幂等模板'), purpose: '托管费（季度）' }),
      other: (b) => ({ ...b, purpose: '托管费（年度）' }),
      keep: keepTemplate,
    },
    TEMPLATE_WITHDRAW: { who: 'maker', body: () => ({ id: the.template.id, version: the.template.version }), other: (b) => ({ ...b, version: Number(b.version) + 1 }), keep: keepTemplate },
    TEMPLATE_DELETE: { who: 'maker', body: () => ({ id: the.template.id, version: the.template.version }), other: (b) => ({ ...b, version: Number(b.version) + 1 }) },

    // Accounts, by the enterprise's administrator, on register accounts not yet in e-banking.
    VERIFY_SIGN_ACCOUNT_ADD: { who: 'customerAdmin', body: () => ({ accountNo: the.usable[0], alias: '幂等户' }), other: (b) => ({ ...b, alias: '别名' }), checkOnly: true },
    ACCOUNT_MANAGEMENT_INSERT: { who: 'customerAdmin', body: () => ({ accountNo: the.usable[0], alias: '幂等户' }), other: (b) => ({ ...b, alias: '别名' }) },
    VERIFY_SIGN_ACCOUNT_EDIT: {
      who: 'customerAdmin',
      body: () => ({ accountNo: the.usable[0], alias: '幂等户二', singleLimit: '100.00', dailyLimit: '200.00' }),
      other: (b) => ({ ...b, alias: '别名' }),
      checkOnly: true,
    },
    ACCOUNT_MANAGEMENT_UPDATE: {
      who: 'customerAdmin',
      body: () => ({ accountNo: the.usable[0], alias: '幂等户二', singleLimit: '100.00', dailyLimit: '200.00' }),
      other: (b) => ({ ...b, alias: '别名' }),
    },
    // A rename signs the limits the account has.
    ACCOUNT_UPDATE_NAME: {
      who: 'customerAdmin',
      body: () => ({ accountNo: the.usable[0], alias: '幂等户三', singleLimit: '100.00', dailyLimit: '200.00' }),
      other: (b) => ({ ...b, alias: '别名' }),
    },
    VERIFY_SIGN_ACCOUNT_USED: { who: 'customerAdmin', body: () => ({ accountNos: [the.usable[0]], used: 0 }), other: (b) => ({ ...b, used: 1 }), checkOnly: true },
    ACCOUNT_MANAGEMENT_FORBIDDEN: { who: 'customerAdmin', body: () => ({ accountNos: [the.usable[0]] }), other: () => ({ accountNos: [the.usable[1]] }) },
    ACCOUNT_MANAGEMENT_START: { who: 'customerAdmin', body: () => ({ accountNos: [the.usable[0]] }), other: () => ({ accountNos: [the.usable[1]] }) },
    VERIFY_SIGN_ACCOUNT_AUTH: {
      who: 'customerAdmin',
      body: () => rightsOf('U100000104', [{ accountNo: the.usable[0]!, canQuery: true, canEntry: false, canReview: false }]),
      other: () => rightsOf('U100000104', []),
      checkOnly: true,
    },
    USER_PERSON_MODIFY: {
      who: 'customerAdmin',
      body: () => rightsOf('U100000104', [{ accountNo: the.usable[0]!, canQuery: true, canEntry: false, canReview: false }]),
      other: () => rightsOf('U100000104', []),
    },
    ACCOUNT_BATCH_INSERT: { who: 'customerAdmin', body: () => csvUpload(`${the.usable[1]}\n`, 'IDEM-BATCH-0001'), other: (b) => ({ ...b, batchNo: 'IDEM-BATCH-0002' }) },

    // Cash statements: one account's day, with one entry, imported by staff.
    CUSTODIAN_CASH_IMPORT: {
      who: 'check',
      body: async () => {
        const [a] = await db().selectFrom('custody_accounts').select(['account_no', 'currency']).where('enterprise_no', '=', OWN).orderBy('account_no').execute();
        const line = `ZJDZIDEM0001,${a!.account_no},2024-06-03,${a!.currency},100.00,150.00,IDEMREF0001,贷,50,2024-06-03,华安证券股份有限公司,,利息,`;
        return { preview: false, fileName: 'cash.csv', content: Buffer.from(`${CASH_FEED_COLUMNS.join(',')}\n${line}\n`).toString('base64') };
      },
      other: (b) => ({ ...b, preview: true }),
    },

    // 电子对账: a due period answered by the reviewer, a mismatch answered by the bank, a calendar set.
    CASH_RECONCILE: {
      who: 'reviewer',
      body: async () => {
        const [item] = (await ok<ReconcileItem[]>(cashApi.cashReconcileQuery, { status: 'due' }, 'reviewer')).filter((i) => i.enterpriseNo === OWN);
        const s = await ok<CashStatement>(cashApi.cashStatementQuery, { accountNo: item!.accountNo, dateFrom: item!.periodStart, dateTo: item!.periodEnd }, 'reviewer');
        return { accountNo: item!.accountNo, periodStart: item!.periodStart, periodEnd: item!.periodEnd, result: 'match', opening: s.opening, closing: s.closing, entryCount: s.entries.length, entryIds: [], reason: '' };
      },
      other: (b) => ({ ...b, result: 'mismatch', reason: '不符' }),
    },
    CUSTODIAN_CASH_RECONCILE_REPLY: {
      who: 'check',
      body: async () => ({ id: (await db().selectFrom('cash_reconciliations').select('id').where('result', '=', 'mismatch').where('reply', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id, reply: '已核实' }),
      other: (b) => ({ ...b, reply: '另一答复' }),
    },
    CUSTODIAN_CASH_RECONCILE_CALENDAR: { who: 'check', body: () => ({ enterpriseNo: '1000000003', frequency: 'quarterly' }), other: (b) => ({ ...b, frequency: 'monthly' }) },

    // Warnings: a feed imported by staff, one open warning of each kind handled by the maker.
    CUSTODIAN_WARNING_IMPORT: {
      who: 'check',
      body: async () => {
        const [a] = await db().selectFrom('custody_accounts').select(['account_no', 'product_code']).where('enterprise_no', '=', OWN).where('status', '=', '00').orderBy('account_no').execute();
        const line = `QCYJIDEM0001,${OWN},${a!.account_no},${a!.product_code},01,0.8400,0.8500,${today},${formatDate(Date.now() + 5 * 86_400_000)}`;
        const text = `${FEED_COLUMNS.clearPosition.join(',')}\n${line}\n`;
        return { kind: 'clearPosition', preview: false, fileName: 'clearPosition.csv', content: Buffer.from(text).toString('base64') };
      },
      other: (b) => ({ ...b, preview: true }),
    },
    // Valuation: one statement of one of OWN's products on a day the seed leaves alone.
    CUSTODIAN_VALUATION_IMPORT: {
      who: 'check',
      body: async () => {
        const { product_code } = await db().selectFrom('custody_accounts').select('product_code').where('enterprise_no', '=', OWN).orderBy('product_code').executeTakeFirstOrThrow();
        const text = statementsCsv(demoStatements({ enterpriseNo: OWN, productCode: product_code, seed: 5, style: 'bond' }, ['2024-06-03']));
        return { preview: false, fileName: 'valuation.csv', content: Buffer.from(text).toString('base64') };
      },
      other: (b) => ({ ...b, preview: true }),
    },
    WARNING_CLEAR_POSITION_HANDLE: { who: 'maker', body: async () => ({ ids: [await openWarning('clear_position_warnings')], remark: '已减仓' }), other: (b) => ({ ...b, remark: '另一说明' }) },
    WARNING_PRE_CLEANING_HANDLE: { who: 'maker', body: async () => ({ ids: [await openWarning('pre_cleaning_reminders')], remark: '已划入备付金' }), other: (b) => ({ ...b, remark: '另一说明' }) },
    WARNING_NEW_SHARE_PAYMENT_HANDLE: {
      who: 'maker',
      body: async () => {
        const row = await db().selectFrom('new_share_payments').select('id').where('enterprise_no', '=', OWN).where('status', '=', '0').where('payment_deadline', '>=', today as never).orderBy('id', 'desc').executeTakeFirstOrThrow();
        return { ids: [row.id], remark: '已足额划款' };
      },
      other: (b) => ({ ...b, remark: '另一说明' }),
    },

    // Risk notices, by staff.
    CUSTODIAN_RISK_NOTICE_ADD: { who: 'check', body: () => notice('幂等风险提示'), other: () => notice('另一风险提示'), keep: (d: { id: number; version: number }) => void ((the.noticeId = d.id), (the.noticeVersion = d.version)) },
    CUSTODIAN_RISK_NOTICE_UPDATE: { who: 'check', body: () => ({ id: the.noticeId, version: the.noticeVersion, ...notice('修改后的风险提示') }), other: (b) => ({ ...b, title: '又一标题' }) },
    CUSTODIAN_RISK_NOTICE_PUBLISH: { who: 'check', body: () => ({ id: the.noticeId }), other: () => ({ id: the.noticeId + 1 }) },
    CUSTODIAN_RISK_NOTICE_WITHDRAW: { who: 'check', body: () => ({ id: the.noticeId, reason: '内容有误' }), other: (b) => ({ ...b, reason: '已解除' }) },

    // The business calendar, by staff (2036: a year nothing else uses; 2036-03-03 is a Monday).
    CALENDAR_DAY_SAVE: { who: 'check', body: () => ({ date: '2036-03-03', kind: 'holiday', name: '幂等假日' }), other: (b) => ({ ...b, name: '另一名称' }) },
    CALENDAR_DAY_CLEAR: { who: 'check', body: () => ({ date: '2036-03-03' }), other: () => ({ date: '2036-03-04' }) },
    // 报表中心 and 消息中心: a report run now, a subscription and its end, the e-mail choices.
    REPORT_RUN: { who: 'maker', body: () => ({ kind: 'instructions', format: 'csv', from: '2026-01-01', to: '2026-01-31' }), other: (b) => ({ ...b, format: 'xlsx' }) },
    REPORT_SUBSCRIBE: { who: 'maker', body: () => ({ kind: 'warnings', format: 'csv', frequency: 'monthly' }), other: (b) => ({ ...b, frequency: 'weekly' }), keep: (d: { id: number }) => void (the.subscriptionId = d.id) },
    REPORT_UNSUBSCRIBE: { who: 'maker', body: () => ({ id: the.subscriptionId }), other: () => ({ id: the.subscriptionId + 1 }) },
    MESSAGE_PREFERENCES_SAVE: { who: 'maker', body: () => ({ kinds: [{ kind: 'warning', email: true }] }), other: () => ({ kinds: [{ kind: 'warning', email: false }] }) },
    // 审批规则: a version for a type no instruction here uses, one reviewer as without a rule.
    APPROVAL_RULE_SAVE: {
      who: 'customerAdmin',
      body: () => ({ instructionType: '05', payerAccountNo: '', active: true, bands: [{ upTo: null, reviewers: 1 }], limits: [] }),
      other: (b) => ({ ...b, active: false }),
    },
    // A type and currency no instruction here uses.
    CUTOFF_SAVE: { who: 'check', body: () => ({ type: '05', currency: 'KRW', cutoffTime: '14:30', noticeHours: 1 }), other: (b) => ({ ...b, cutoffTime: '14:45' }) },
    CALENDAR_IMPORT: {
      who: 'check',
      body: () => ({ year: 2036, preview: false, fileName: '2036.csv', content: Buffer.from('日期,类型,名称\n2036-01-01,节假日,元旦\n').toString('base64') }),
      other: (b) => ({ ...b, preview: true }),
    },

    // The gateway console and partner clients.
    GW_API_ADD: { who: 'staff', body: () => externalApi('EXT_IDEM_A', '/ext/idem/a'), other: () => externalApi('EXT_IDEM_A', '/ext/idem/other'), keep: (d: { apiId: number }) => void (the.apiId = d.apiId) },
    GW_API_UPDATE: { who: 'staff', body: () => ({ ...externalApi('EXT_IDEM_A', '/ext/idem/b'), apiId: the.apiId }), other: (b) => ({ ...b, apiName: '改名' }) },
    GW_API_BATCH_AUTH: { who: 'staff', body: () => ({ ids: String(the.apiId), auth: 0 }), other: (b) => ({ ...b, auth: 1 }) },
    GW_API_BATCH_ENCRYPT: { who: 'staff', body: () => ({ ids: String(the.apiId), encrypt: 1 }), other: (b) => ({ ...b, encrypt: 0 }) },
    GW_API_BATCH_OPEN: { who: 'staff', body: () => ({ ids: String(the.apiId), open: 0 }), other: (b) => ({ ...b, open: 1 }) },
    GW_API_BATCH_STATUS: { who: 'staff', body: () => ({ ids: String(the.apiId), status: 0 }), other: (b) => ({ ...b, status: 1 }) },
    GW_API_REMOVE: { who: 'staff', body: () => ({ apiId: the.apiId }), other: () => ({ apiId: the.apiId + 1 }) },
    GW_API_BATCH_REMOVE: {
      who: 'staff',
      body: async () => ({ ids: String((await ok<{ apiId: number }>(operationById('GW_API_ADD')!, externalApi('EXT_IDEM_B', '/ext/idem/c'), 'staff')).apiId) }),
      other: (b) => ({ ids: `${String(b.ids)},1` }),
    },
    PARTNER_CLIENT_ADD: {
      who: 'staff',
      body: () => ({ clientName: '幂等合作方', enterpriseNo: OWN, apiCodes: [], userNo: 'U100000101' }),
      other: (b) => ({ ...b, clientName: '另一合作方' }),
      keep: (d: { clientId: string }) => void (the.clientId = d.clientId),
    },
    PARTNER_CLIENT_UPDATE: { who: 'staff', body: () => ({ clientId: the.clientId, clientName: '幂等合作方二', apiCodes: [], userNo: null }), other: (b) => ({ ...b, clientName: '另一合作方' }) },
    PARTNER_CLIENT_ROTATE: { who: 'staff', body: () => ({ clientId: the.clientId }), other: () => ({ clientId: `${the.clientId}x` }) },
    PARTNER_CLIENT_REVOKE: { who: 'staff', body: () => ({ clientId: the.clientId }), other: () => ({ clientId: `${the.clientId}x` }) },

    // Enterprises.
    ENTERPRISE_ADD: {
      who: 'staff',
      body: () => ({ enterpriseNo: '1000000071', enterpriseName: '幂等测试企业', enterpriseType: 'insurer', adminUsername: 'idem.ent.admin', adminNickName: '吴' }),
      other: (b) => ({ ...b, enterpriseName: '另一企业' }),
      keep: (d: { enterpriseNo: string }) => void (the.enterpriseNo = d.enterpriseNo),
    },
    // The demo seed's pending changes (待审批变更): the bank's is rejected by the second staff member, 华夏远航's withdrawn by its maker.
    ADMIN_CHANGE_DECIDE: {
      who: 'staff2',
      body: async () => ({ changeId: await pendingChange('gateway.flags'), result: 'refuse', reason: '幂等测试' }),
      other: (b) => ({ ...b, reason: '另一意见' }),
    },
    ADMIN_CHANGE_WITHDRAW: { who: 'customerAdmin', body: async () => ({ changeId: await pendingChange('account.rights') }), other: (b) => ({ changeId: Number(b.changeId) + 1 }) },
    DUAL_CONTROL_WAIVE: { who: 'staff', body: () => ({ enterpriseNo: '1000000002', waived: true, reason: '幂等测试' }), other: (b) => ({ ...b, reason: '另一原因' }) },
    ENTERPRISE_UPDATE: { who: 'staff', body: () => ({ enterpriseNo: the.enterpriseNo, enterpriseName: '幂等测试企业二', enterpriseType: 'insurer' }), other: (b) => ({ ...b, enterpriseName: '另一企业' }) },
    ENTERPRISE_DISABLE: { who: 'staff', body: () => ({ enterpriseNo: the.enterpriseNo }), other: () => ({ enterpriseNo: OWN }) },
    ENTERPRISE_ENABLE: { who: 'staff', body: () => ({ enterpriseNo: the.enterpriseNo }), other: () => ({ enterpriseNo: OWN }) },
    ENTERPRISE_DELETE: {
      who: 'staff',
      // An enterprise without seats: its first administrator's seat removed.
      body: async () => {
        const added = await ok<{ userNo: string }>(operationById('ENTERPRISE_ADD')!, { enterpriseNo: '1000000072', enterpriseName: '短期企业', enterpriseType: 'insurer', adminUsername: 'idem.short', adminNickName: '吴' }, 'staff');
        await ok(operationById('USER_DELETE')!, { userNo: added.userNo }, 'staff');
        return { enterpriseNo: '1000000072' };
      },
      other: () => ({ enterpriseNo: the.enterpriseNo }),
    },

    // Users, seats, roles and passwords, on a login of their own.
    VERIFY_SIGN_USER_ADD: { who: 'staff', body: () => ({ username: 'idem.user', nickName: '幂等', enterpriseNo: '1000000002' }), other: (b) => ({ ...b, nickName: '另一' }), checkOnly: true },
    USER_ADD: {
      who: 'staff',
      body: async () => ({ username: 'idem.user', nickName: '幂等', enterpriseNo: '1000000002', roleIds: [await roleId('CUSTOMER_MAKER')] }),
      other: (b) => ({ ...b, nickName: '另一' }),
      keep: (d: { userId: number; userNo: string }) => void ((the.userId = d.userId), (the.userNo = d.userNo)),
    },
    USER_SEAT_ADD: { who: 'staff', body: () => ({ userId: the.userId, enterpriseNo: '1000000003' }), other: (b) => ({ ...b, enterpriseNo: OWN }), keep: (d: { userNo: string }) => void (the.seatNo = d.userNo) },
    VERIFY_SIGN_USER_EDIT: { who: 'staff', body: () => ({ userId: the.userId, nickName: '幂等二' }), other: (b) => ({ ...b, nickName: '另一' }), checkOnly: true },
    USER_UPDATE: { who: 'staff', body: () => ({ userId: the.userId, nickName: '幂等二' }), other: (b) => ({ ...b, nickName: '另一' }) },
    VERIFY_SIGN_USER_ADD_ROLE: {
      who: 'staff',
      body: async () => ({ roleId: await roleId('CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER'), userNos: ['U200000102', the.userNo] }),
      other: (b) => ({ ...b, userNos: ['U200000102'] }),
      checkOnly: true,
    },
    // The role's whole membership: its members stay, the new seat joins.
    USER_ROLES_ADD: {
      who: 'staff',
      body: async () => ({ roleId: await roleId('CUSTOMER_THIRD_PARTY_CONFIRM_REVIEWER'), userNos: ['U200000102', the.userNo] }),
      other: (b) => ({ ...b, userNos: ['U200000102'] }),
    },
    VERIFY_SIGN_USER_RESET_PASSWORD: { who: 'staff', body: () => ({ userId: the.userId }), other: () => ({ userId: the.userId + 1 }), checkOnly: true },
    USER_RESET_PASSWORD: { who: 'staff', body: () => ({ userId: the.userId }), other: () => ({ userId: the.userId + 1 }) },
    USER_SET_PASSWORD: { who: 'staff', body: () => ({ userId: the.userId, password: 'Chosen123' }), other: (b) => ({ ...b, password: 'Chosen456' }) },
    VERIFY_SIGN_USER_UNLOCK: { who: 'staff', body: () => ({ userId: the.userId }), other: () => ({ userId: the.userId + 1 }), checkOnly: true },
    USER_UNLOCK_UPDATE: {
      who: 'staff',
      body: async () => {
        await db().updateTable('users').set({ locked_at: new Date(Date.now() - 60_000), failed_attempts: 5 }).where('user_id', '=', the.userId).execute();
        return { userId: the.userId };
      },
      other: () => ({ userId: the.userId + 1 }),
    },
    VERIFY_SIGN_USER_DELETE: { who: 'staff', body: () => ({ userNo: the.seatNo }), other: () => ({ userNo: the.userNo }), checkOnly: true },
    USER_DELETE: { who: 'staff', body: () => ({ userNo: the.seatNo }), other: () => ({ userNo: the.userNo }) },

    // Certificates of a login of their own: a code, enrolment, then each state change.
    CUSTODIAN_CERT_ACTIVATION_CODE: { who: 'staff', body: () => ({ username: 'idem.cert' }), other: () => ({ username: 'demo' }), keep: (d: { code: string }) => void (the.certCode = d.code) },
    CUSTODIAN_CERT_FREEZE: {
      who: 'staff',
      body: async () => {
        the.serial = await enroll(the.certCode, 'Test1234');
        return { serial: the.serial };
      },
      other: () => ({ serial: '0'.repeat(32) }),
    },
    CUSTODIAN_CERT_UNFREEZE: { who: 'staff', body: () => ({ serial: the.serial }), other: () => ({ serial: '0'.repeat(32) }) },
    CUSTODIAN_CERT_RENEW: { who: 'staff', body: () => ({ serial: the.serial }), other: () => ({ serial: '0'.repeat(32) }), keep: (d: { serial: string }) => void (the.serial = d.serial) },
    CUSTODIAN_CERT_REVOKE: { who: 'staff', body: () => ({ serial: the.serial, reason: '客户申请注销' }), other: (b) => ({ ...b, reason: '证书遗失' }) },
    CUSTODIAN_CERT_RESTORE_PASSWORD: { who: 'staff', body: () => ({ serial: the.serial }), other: () => ({ serial: '0'.repeat(32) }) },

    // The session's own: profile, password, a scan-code answer.
    CURRENT_USER_UPDATE: { who: 'maker', body: () => ({ nickName: '张晓明', userDesc: '幂等', avatar: '' }), other: (b) => ({ ...b, userDesc: '另一' }) },
    VERIFY_SIGN_PASSWORD_MODIFY: {
      who: 'idem.pw',
      body: async () => {
        const { confirmPassword, ...fields } = await client().changeFields('Test1234', 'Next12345');
        return { username: 'idem.pw', ...fields, newPasswordConfirm: confirmPassword };
      },
      other: (b) => ({ ...b, newClientRandom: c.randomHex(16) }),
      checkOnly: true,
    },
    USER_PASSWORD_UPDATE: {
      who: 'idem.pw',
      body: async () => {
        const { confirmPassword, ...fields } = await client().changeFields('Test1234', 'Next12345');
        return { username: 'idem.pw', ...fields, newPasswordConfirm: confirmPassword };
      },
      other: (b) => ({ ...b, newClientRandom: c.randomHex(16) }),
    },
    SCAN_CONFIRM: {
      who: 'maker',
      body: async () => {
        const device = await c.sm2GenerateKeyPair();
        const desktop = await loginClient(app(), { device });
        const { ticket } = (await desktop.envelope.post('/pmobile/customer/scan/ticket', { deviceKey: device.publicKey })).data as { ticket: string };
        return { ticket, ticketSm3: c.toHex(await c.sm3(c.utf8Encode(ticket))), result: 'deny' };
      },
      other: (b) => ({ ...b, ticketSm3: '0'.repeat(64) }),
    },
  };

  beforeAll(async () => {
    await db()
      .insertInto('custody_accounts')
      .values({ account_no: ACC, account_name: '幂等测试账户', enterprise_no: OWN, product_name: '测试产品', product_code: 'T001', card_type: 'PDBC', status: '00', currency: 'CNY', open_branch: '北京分行', open_date: '2020-01-01', balance: '100000.00', third_party_enterprise_no: TP })
      .execute();
    await db().insertInto('ebank_accounts').values({ account_no: ACC, enterprise_no: OWN, alias: '', used: 1, single_limit: null, daily_limit: null, added_by: 'U100000101' }).execute();
    for (const [userNo, entryRight, reviewRight] of [['U100000101', true, false], ['U100000102', false, true]] as const) {
      await db()
        .insertInto('account_auth')
        .values({ user_no: userNo, account_no: ACC, enterprise_no: OWN, can_query: true, can_entry: entryRight, can_review: reviewRight, updated_by: 'test' })
        .execute();
    }
    const usable = await db()
      .selectFrom('custody_accounts as ca')
      .leftJoin('ebank_accounts as e', 'e.account_no', 'ca.account_no')
      .select('ca.account_no')
      .where('ca.enterprise_no', '=', OWN)
      .where('ca.status', '=', '00')
      .where('e.account_no', 'is', null)
      .orderBy('ca.account_no')
      .execute();
    the.usable = usable.map((r) => r.account_no);
    await addLogin('idem.pw', 'U100000177', OWN, ['CUSTOMER_MAKER']);
    await addLogin('idem.cert', 'U100000178', OWN, ['CUSTOMER_MAKER']);
    for (const who of [...Object.keys(LOGINS), 'idem.pw']) await asUser(who);
  });

  it('has a case for every idempotent operation of the catalogue, and for nothing else', () => {
    const idempotent = OPERATIONS.filter((op) => op.idempotent).map((op) => op.id);
    expect(Object.keys(CASES).sort()).toEqual(idempotent.sort());
  });

  for (const [id, kase] of Object.entries(CASES)) {
    it(id, async () => {
      const op = operationById(id)!;
      const body = await kase.body();
      const key = `${id}-${c.randomHex(8)}`;
      const send = async (request: Body, idempotencyKey = key) => {
        const { res, json, data } = await call(op, request, kase.who, { 'idempotency-key': idempotencyKey });
        return { status: res.statusCode, returnCode: json.returnCode, returnMsg: json.returnMsg, data };
      };
      const before = await auditCount();

      const first = await send(body);
      expect(first.status, `${id}: ${first.returnMsg}`).toBe(200);
      const written = await auditCount();
      const [row, ...more] = await keyRows(key);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ operation_id: id, answered: true });
      // Neither the key nor any text of the answer (an activation code, a client secret) is kept in the clear.
      const table = await tableText();
      for (const text of [key, ...textsOf(first.data)]) expectNotKept(table, text);
      if (kase.checkOnly) expect(written).toBe(before);
      else {
        // The write's own audit entry, under the request that holds the key.
        const entries = await db().selectFrom('audit_log').select('outcome').where('request_id', '=', row!.request_id).execute();
        expect(entries.map((e) => e.outcome)).toContain('success');
        expect(written).toBeGreaterThan(before);
      }

      // (1) Retried, signed afresh: the first answer, nothing written.
      expect(await send(body)).toEqual(first);
      expect(await auditCount()).toBe(written);

      // (2) Another request under the key: refused, nothing written.
      const other = await send(kase.other(body));
      expect(other).toMatchObject({ status: RETURN_CODES.IDEMPOTENCY_KEY_REUSED.status, returnCode: RETURN_CODES.IDEMPOTENCY_KEY_REUSED.code });

      // (3) A key of the wrong shape: refused before anything runs.
      const malformed = await send(body, 'has space');
      expect(malformed).toMatchObject({ status: RETURN_CODES.IDEMPOTENCY_KEY_INVALID.status, returnCode: RETURN_CODES.IDEMPOTENCY_KEY_INVALID.code });
      expect(await auditCount()).toBe(written);
      expect(await keyRows(key)).toHaveLength(1);

      kase.keep?.(first.data as never);
    });
  }

  it("keeps neither the key nor a user add's initial password in the clear, and its retry still answers the password", async () => {
    const key = `sealed-${c.randomHex(8)}`;
    const body = { username: 'idem.sealed', nickName: '封存', enterpriseNo: '1000000002', roleIds: [await roleId('CUSTOMER_MAKER')] };
    const first = await call(operationById('USER_ADD')!, body, 'staff', { 'idempotency-key': key });
    expect(first.json.returnCode, first.json.returnMsg).toBe('000000');
    const { initialPassword } = first.data as { initialPassword: string };
    expect(initialPassword).toBeTruthy();
    expect(await keyRows(key)).toHaveLength(1);
    const table = await tableText();
    expectNotKept(table, key);
    expectNotKept(table, initialPassword);
    const retry = await call(operationById('USER_ADD')!, body, 'staff', { 'idempotency-key': key });
    expect(retry.data).toEqual(first.data);
  });
});
