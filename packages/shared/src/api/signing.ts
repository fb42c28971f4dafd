import { z } from 'zod';
import { loginRequestSchema, usernameSchema } from '../auth';
import { withSignature, type SigningCode } from '../rules/signing';
import { accountInsert, accountSelectionSchema, accountStart, accountUpdate, batchSignedFields, batchSigning, personModify } from './accounts';
import { passwordUpdate, unlockUser } from './auth';
import { custodianCheck, custodianExecute, instructionConfirm, instructionConfirmReview, instructionReview } from './instructions';
import { defineOperation, type AnyOperation } from './operation';
import { payeeReview } from './payees';
import { templateReview } from './templates';
import { userAdd, userDelete, userResetPassword, userRolesAssign, userUpdate } from './users';

/**
 * Spec §7 `VerifySign/<Code>`: checks a signature for an operation without performing it, so a
 * client can catch a missing or wrong device key before it submits. Each takes its operation's
 * input with `signMsg`, under the operation's own audience and authority, and changes nothing.
 */
/** A signature that holds answers the signing data the server built, for the client to compare with its own. */
export const verifySignAnswerSchema = z.object({ code: z.string(), signingData: z.string() });

const base = { category: '操作签名', serviceId: 'zctg-customer', method: 'POST', encrypt: true, response: verifySignAnswerSchema } as const;

/**
 * A single-use challenge for the session's next signed operation (docs/signing.md): the last
 * field of its signing data. It lives a few minutes, serves one signature of this session and
 * is spent by the operation that carries it, so a captured signature cannot be sent again.
 */
export const signingChallenge = defineOperation({
  ...base,
  id: 'SIGNING_CHALLENGE',
  name: '获取操作签名挑战值',
  path: '/{prefix}/signing/challenge',
  audience: ['customer', 'staff'],
  response: z.object({ challenge: z.string() }),
});

const idOf = (code: SigningCode) => `VERIFY_SIGN_${code.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}`;

/** The `VerifySign/<code>` call of a signed operation: its input, audience, authority and signing. */
function verifySignOf<Op extends AnyOperation & { request: z.ZodType }>(code: SigningCode, op: Op) {
  if (!op.signing) throw new Error(`operation ${op.id} is not signed`);
  return defineOperation({
    ...base,
    id: idOf(code),
    name: `验证签名：${op.name}`,
    path: `/{prefix}/VerifySign/${code}`,
    audience: op.audience,
    authority: op.authority,
    request: op.request as Op['request'],
    signing: op.signing,
  });
}

export const verifyUserAdd = verifySignOf('UserAdd', userAdd);
export const verifyUserEdit = verifySignOf('UserEdit', userUpdate);
export const verifyUserDelete = verifySignOf('UserDelete', userDelete);
export const verifyUserAddRole = verifySignOf('UserAddRole', userRolesAssign);
export const verifyUserUnlock = verifySignOf('UserUnlock', unlockUser);
export const verifyUserResetPassword = verifySignOf('UserResetPassword', userResetPassword);
export const verifyPasswordModify = verifySignOf('PasswordModify', passwordUpdate);

/** `accountManagement/insert`, or a CSV batch (`accountBatchService/insert`) by its number, row count and file SM3. */
export const verifyAccountAdd = defineOperation({
  ...base,
  id: idOf('AccountAdd'),
  name: '验证签名：添加账户（单个或批量）',
  path: '/{prefix}/VerifySign/AccountAdd',
  audience: accountInsert.audience,
  authority: accountInsert.authority,
  request: z.union([accountInsert.request, withSignature(z.object(batchSignedFields))]),
  signing: (input) => ('batchNo' in input ? batchSigning(input) : { layout: 'AccountAdd', values: input }),
});
/** `accountManagement/update`; `account/updateAccountName` signs the same layout with empty limits. */
export const verifyAccountEdit = verifySignOf('AccountEdit', accountUpdate);

/** `accountManagement/start` (used 1) and `/forbidden` (used 0): the selection and the switch asked for. */
export const verifyAccountUsed = defineOperation({
  ...base,
  id: idOf('AccountUsed'),
  name: '验证签名：启用或停用账户',
  path: '/{prefix}/VerifySign/AccountUsed',
  audience: accountStart.audience,
  authority: accountStart.authority,
  request: withSignature(accountSelectionSchema.safeExtend({ used: z.union([z.literal(0), z.literal(1)], { error: '启用状态须为0（停用）或1（启用）' }) })),
  signing: 'AccountUsed',
});

/** `user/personModify`: the server hashes the sent rights list itself, as the operation does. */
export const verifyAccountAuth = verifySignOf('AccountAuth', personModify);

/** The batch decisions on instructions: checked against the listing the client signed. */
export const verifyInstructionReview = verifySignOf('InstructionReview', instructionReview);
export const verifyInstructionConfirm = verifySignOf('InstructionConfirm', instructionConfirm);
export const verifyInstructionConfirmReview = verifySignOf('InstructionConfirmReview', instructionConfirmReview);
/** The custodian's check and execution (bank staff). */
export const verifyInstructionCheck = verifySignOf('InstructionCheck', custodianCheck);
export const verifyInstructionExecute = verifySignOf('InstructionExecute', custodianExecute);
/** A payee book change's review, checked against the change as the server holds it. */
export const verifyPayeeReview = verifySignOf('PayeeReview', payeeReview);
/** An instruction template change's review, checked against the change as the server holds it. */
export const verifyTemplateReview = verifySignOf('TemplateReview', templateReview);

/**
 * `VerifySign/Login`: the signed edition's login signature (`username|random|randomClient|0` by
 * the device key, docs/wire.md §6) checked as the login checks it, before a login is attempted: the
 * server random must be live and stays unspent, no password is read and nothing is counted.
 */
export const verifyLogin = defineOperation({
  ...base,
  id: 'VERIFY_SIGN_LOGIN',
  name: '验证签名：用户登录（签约版）',
  path: '/{prefix}/VerifySign/Login',
  audience: ['public'],
  pinned: ['enabled'],
  rateLimit: 'login',
  request: loginRequestSchema.shape.extension.pick({ loginType: true, random: true, randomClient: true, key: true, signMsg: true }).extend({ username: usernameSchema }),
});

/** Every `VerifySign/<Code>` call of a signed operation (the login's is apart: it has no session). */
export const VERIFY_SIGN_OPERATIONS: readonly AnyOperation[] = [
  verifyUserAdd,
  verifyUserEdit,
  verifyUserDelete,
  verifyUserAddRole,
  verifyUserUnlock,
  verifyUserResetPassword,
  verifyPasswordModify,
  verifyAccountAdd,
  verifyAccountEdit,
  verifyAccountUsed,
  verifyAccountAuth,
  verifyInstructionReview,
  verifyInstructionConfirm,
  verifyInstructionConfirmReview,
  verifyInstructionCheck,
  verifyInstructionExecute,
  verifyPayeeReview,
  verifyTemplateReview,
];
