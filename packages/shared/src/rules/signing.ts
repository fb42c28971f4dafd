import { z } from 'zod';
import { RETURN_CODES } from '../return-codes';
import { SIGN_DATA_MAX } from './validators';

/**
 * Signed operations (docs/signing.md): a sensitive operation carries `signMsg`, the device key's
 * SM2 signature of its canonical signing data `Code|field1|field2|…`. Both the web app and the
 * server build that string here, from the validated input, so they cannot disagree.
 */

/** The spec's `VerifySign/<Code>` codes: the first field of the signing data. */
export const SIGNING_CODES = [
  'UserAdd',
  'UserEdit',
  'UserDelete',
  'UserAddRole',
  'PasswordModify',
  'AccountAdd',
  'AccountEdit',
  'AccountUsed',
  // Beyond the spec's list: a seat's account rights (user/personModify).
  'AccountAuth',
  'UserUnlock',
  'UserResetPassword',
  'InstructionReview',
  'InstructionConfirm',
  'InstructionConfirmReview',
  // Beyond the spec's list: the custodian's steps, signed like the customer's.
  'InstructionCheck',
  'InstructionExecute',
  // Also beyond the spec's list: the phone's answer to a scan-code login.
  'ScanConfirm',
  // And the review of a payee book change (收款人名册).
  'PayeeReview',
  // And a bulk import of instructions (批量导入).
  'InstructionImport',
  // And the review of an instruction template change (指令模板).
  'TemplateReview',
  // And an enterprise's answer to a period's cash statement (电子对账).
  'CashReconcile',
  // And a second administrator's decision on an administrative change (待审批变更).
  'AdminChangeDecision',
] as const;
export type SigningCode = (typeof SIGNING_CODES)[number];

/** A field of a layout: a value, or a list of records each rendered as its own fields in order. */
export type SigningField = string | { readonly name: string; readonly fields: readonly string[] };

export interface SigningLayout {
  readonly code: SigningCode;
  readonly fields: readonly SigningField[];
}

/** What a batch signature lists of each instruction, in order (docs/signing.md). */
export const INSTRUCTION_SIGNED_FIELDS = ['instructionNo', 'payerAccountNo', 'payeeAccountNo', 'amount', 'currency', 'valueDate'] as const;
/** A review lists the round each instruction is at too (`approvalRound`, rules/approval-rules.ts): a pass counts for that round only. */
export const REVIEW_SIGNED_FIELDS = [...INSTRUCTION_SIGNED_FIELDS, 'approvalRound'] as const;

/**
 * Every signing layout: the code and the fields after it, in signing order. A field names a
 * property of the operation's validated input (docs/signing.md lists them with their types).
 * Append-only in meaning: changing a layout invalidates every client that builds it.
 */
export const SIGNING_LAYOUTS = {
  UserAdd: { code: 'UserAdd', fields: ['username', 'nickName', 'enterpriseNo', 'roleIds', 'mobile', 'email', 'userDesc', 'branchCode'] },
  UserEdit: {
    code: 'UserEdit',
    fields: ['userId', 'nickName', 'mobile', 'email', 'userDesc', 'branchCode', 'status', { name: 'seatRoles', fields: ['userNo', 'roleIds'] }],
  },
  UserDelete: { code: 'UserDelete', fields: ['userNo'] },
  UserAddRole: { code: 'UserAddRole', fields: ['roleId', 'userNos'] },
  UserUnlock: { code: 'UserUnlock', fields: ['userId'] },
  /** A reset answers a one-time password: without a signature a stolen session could take the person over. */
  UserResetPassword: { code: 'UserResetPassword', fields: ['userId'] },
  /** No password material: the single-use server random and the client randoms bind this one change. */
  PasswordModify: { code: 'PasswordModify', fields: ['username', 'base64ServerRandom', 'oldClientRandom', 'newClientRandom', 'confirmClientRandom'] },
  AccountAdd: { code: 'AccountAdd', fields: ['accountNo', 'alias', 'singleLimit', 'dailyLimit'] },
  /** A CSV batch: its id, its number of account rows and the SM3 of the file's bytes (lowercase hex). */
  AccountAddBatch: { code: 'AccountAdd', fields: ['batchId', 'rowCount', 'fileSm3'] },
  AccountEdit: { code: 'AccountEdit', fields: ['accountNo', 'alias', 'singleLimit', 'dailyLimit'] },
  /** `used`: 1 start (启用), 0 forbid (禁用). */
  AccountUsed: { code: 'AccountUsed', fields: ['accountNos', 'used'] },
  /** A seat's whole set of account rights: its length and the SM3 of `accountRightsText` (lowercase hex). */
  AccountAuth: { code: 'AccountAuth', fields: ['userNo', 'accountCount', 'rightsSm3'] },
  /** A batch of instructions: `result` pass/refuse, the reason, then each instruction as the reviewer saw it, with its round. */
  InstructionReview: { code: 'InstructionReview', fields: ['result', 'reason', { name: 'instructions', fields: REVIEW_SIGNED_FIELDS }] },
  InstructionConfirm: { code: 'InstructionConfirm', fields: ['result', 'reason', { name: 'instructions', fields: INSTRUCTION_SIGNED_FIELDS }] },
  InstructionConfirmReview: { code: 'InstructionConfirmReview', fields: ['result', 'reason', { name: 'instructions', fields: INSTRUCTION_SIGNED_FIELDS }] },
  /** The custodian's check of a batch, as the customer's decisions. */
  InstructionCheck: { code: 'InstructionCheck', fields: ['result', 'reason', { name: 'instructions', fields: INSTRUCTION_SIGNED_FIELDS }] },
  /** The custodian's execution of one instruction: what the executor's list showed of it. */
  InstructionExecute: { code: 'InstructionExecute', fields: INSTRUCTION_SIGNED_FIELDS },
  /** Scan-code login: the phone's answer (`confirm` / `deny`) for the ticket its QR code carried, named by its SM3 (the signing data lands in the audit log), and the number picked. */
  ScanConfirm: { code: 'ScanConfirm', fields: ['ticketSm3', 'result', 'matchNumber'] },
  /** A payee book change: the decision, then the change as the reviewer saw it (add/edit/delete and the payee it proposes). */
  /** A bulk import: the file as the maker tried it (SM3 of its bytes, lowercase hex; its payments) and the maker's choices. */
  InstructionImport: { code: 'InstructionImport', fields: ['fileSm3', 'rowCount', 'submit', 'allowDuplicate'] },
  PayeeReview: { code: 'PayeeReview', fields: ['changeId', 'result', 'reason', 'kind', 'name', 'accountNo', 'cnaps'] },
  /** An instruction template change: the decision, then the template as the reviewer saw it, its locked fields as a list. */
  TemplateReview: { code: 'TemplateReview', fields: ['changeId', 'result', 'reason', 'kind', 'name', 'type', 'payerAccountNo', 'payeeAccountNo', 'payeeCnaps', 'purpose', 'locked'] },
  /**
   * 电子对账: the account and period, 相符 (match) or 不符 (mismatch) with the disputed entries and the
   * reason, and the statement as the server holds it (opening, closing, number of entries), so the
   * signature says which statement was confirmed.
   */
  CashReconcile: { code: 'CashReconcile', fields: ['accountNo', 'periodStart', 'periodEnd', 'result', 'opening', 'closing', 'entryCount', 'entryIds', 'reason'] },
  /**
   * 待审批变更: the change (its number names an immutable row: what the maker asked and the target
   * as it was then) and the decision, pass or refuse with the reason.
   */
  AdminChangeDecision: { code: 'AdminChangeDecision', fields: ['changeId', 'result', 'reason'] },
} as const satisfies Record<string, SigningLayout>;
export type SigningLayoutName = keyof typeof SIGNING_LAYOUTS;

/** What an operation signs: a layout and the values its fields are read from. */
export interface SigningSubject {
  layout: SigningLayoutName;
  values: object;
}

// Characters with a meaning in the signing data: escaped inside strings so no value can forge a boundary.
const SPECIAL = /[\\|,[\]]/g;

function renderValue(value: unknown, path: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.replace(SPECIAL, (ch) => `\\${ch}`);
  if (typeof value === 'number') {
    // Amounts travel as strings; a number here is an id, a count or a switch.
    if (!Number.isSafeInteger(value)) throw new Error(`signing field ${path}: ${value} is not a safe integer`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return `[${value.map((item, i) => renderValue(item, `${path}[${i}]`)).join(',')}]`;
  throw new Error(`signing field ${path}: a ${typeof value} cannot be signed`);
}

function renderField(field: SigningField, values: Record<string, unknown>): string {
  if (typeof field === 'string') return renderValue(values[field], field);
  const list = values[field.name];
  if (list === undefined || list === null) return '';
  if (!Array.isArray(list)) throw new Error(`signing field ${field.name}: expected a list`);
  const records = list.map((record: unknown, i) => {
    if (typeof record !== 'object' || record === null) throw new Error(`signing field ${field.name}[${i}]: expected a record`);
    const fields = record as Record<string, unknown>;
    return `[${field.fields.map((f) => renderValue(fields[f], `${field.name}[${i}].${f}`)).join(',')}]`;
  });
  return `[${records.join(',')}]`;
}

/**
 * The canonical signing data (docs/signing.md): the layout's code, then each field rendered, all
 * joined by `|`. Absent, null and empty values render as nothing; integers in decimal; booleans
 * 1/0; lists as `[a,b]` in the order given; `\ | , [ ]` inside strings escaped with `\`.
 */
export function signingData(layout: SigningLayoutName, values: object): string {
  const { code, fields } = SIGNING_LAYOUTS[layout] as SigningLayout;
  const source = values as Record<string, unknown>;
  return [code, ...fields.map((field) => renderField(field, source))].join('|');
}

/**
 * An operation's signing data (docs/signing.md): its layout's, then the single-use challenge the
 * server issued to the session for this one signature, always the last field. The challenge is
 * what makes a captured signature worthless a second time.
 */
export const challengedSigningData = (layout: SigningLayoutName, values: object, signChallenge: unknown): string =>
  `${signingData(layout, values)}|${renderValue(signChallenge, 'signChallenge')}`;

/** A challenge as `{prefix}/signing/challenge` issues it: 32 lowercase hex characters (16 random bytes). */
export const SIGN_CHALLENGE_PATTERN = /^[0-9a-f]{32}$/;

/** `signChallenge`: any other value (absent, malformed) can never have been issued, and is refused as such. */
export const signChallengeSchema = z
  .string({ error: RETURN_CODES.SIGN_CHALLENGE_INVALID.message })
  .regex(SIGN_CHALLENGE_PATTERN, RETURN_CODES.SIGN_CHALLENGE_INVALID.message);

/** Spec §5: the signing data may hold at most 1,024 characters (UTF-16 code units, as String#length). */
export const signingDataTooLong = (data: string) => data.length > SIGN_DATA_MAX;

/** Standard base64 with padding; a DER SM2 signature is at most 72 bytes, 96 characters. */
const SIGN_MSG_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
export const SIGN_MSG_MAX = 128;

/** Why a `signMsg` cannot be a signature at all, before any key is consulted; null when it may be one. */
export function signMsgProblem(value: unknown): 'missing' | 'malformed' | null {
  if (value === undefined || value === null || value === '') return 'missing';
  if (typeof value !== 'string' || value.length > SIGN_MSG_MAX || !SIGN_MSG_PATTERN.test(value)) return 'malformed';
  return null;
}

/** `signMsg`: base64 of the DER SM2 signature of the operation's signing data. */
export const signMsgSchema = z.string({ error: RETURN_CODES.SIGN_MISSING.message }).superRefine((value, ctx) => {
  const problem = signMsgProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem === 'missing' ? RETURN_CODES.SIGN_MISSING.message : RETURN_CODES.SIGN_MALFORMED.message });
});

const signatureFields = { signMsg: signMsgSchema, signChallenge: signChallengeSchema };

/** A signed operation's request: its fields, `signMsg` and `signChallenge` (refinements of the fields kept). */
export const withSignature = <Shape extends z.core.$ZodShape, Config extends z.core.$ZodObjectConfig>(schema: z.ZodObject<Shape, Config>) =>
  // safeExtend keeps the fields' refinements (extend refuses a refined object); TypeScript cannot
  // follow its shape check through the generic, so the result is typed as extend's would be.
  (schema as z.ZodObject).safeExtend(signatureFields) as unknown as z.ZodObject<z.core.util.Extend<Shape, typeof signatureFields>, Config>;
