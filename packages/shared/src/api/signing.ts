import { z } from 'zod';
import { plainText } from '../rules/schema-primitives';
import { withSignature, type SigningCode } from '../rules/signing';
import { amountSchema } from '../rules/validators';
import { passwordUpdate, unlockUser } from './auth';
import { defineOperation, type AnyOperation } from './operation';
import { userAdd, userDelete, userRolesAssign, userUpdate } from './users';

/**
 * Spec §7 `VerifySign/<Code>`: checks a signature for an operation without performing it, so a
 * client can catch a missing or wrong device key before it submits. Each takes its operation's
 * input with `signMsg`, under the operation's own audience and authority, and changes nothing.
 */
/** A signature that holds answers the signing data the server built, for the client to compare with its own. */
export const verifySignAnswerSchema = z.object({ code: z.string(), signingData: z.string() });

const base = { category: '操作签名', serviceId: 'zctg-customer', method: 'POST', encrypt: true, response: verifySignAnswerSchema } as const;

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
export const verifyPasswordModify = verifySignOf('PasswordModify', passwordUpdate);

// The account operations (issue 11's accounts domain) sign in these layouts; until their contracts
// exist, the checks take the layouts' fields themselves (docs/signing.md).
const accounts = { ...base, audience: ['customer'] } as const;
const accountNoSchema = plainText('账号不能包含控制字符').trim().regex(/^\d{12,22}$/, '账号须为12到22位数字');
const aliasSchema = plainText('账户别名不能包含控制字符').trim().max(60, '账户别名不能超过60个字符').optional();
const limitSchema = amountSchema.nullable().optional();

/** One account (`accountManagement/insert`), or a CSV batch (`accountBatchService/insert`) by its file's SM3. */
export const verifyAccountAdd = defineOperation({
  ...accounts,
  id: idOf('AccountAdd'),
  name: '验证签名：新增账户（单个或批量）',
  path: '/{prefix}/VerifySign/AccountAdd',
  authority: ['ACTION_accountAdd'],
  request: z.union([
    withSignature(z.object({ accountNo: accountNoSchema, alias: aliasSchema })),
    withSignature(
      z.object({
        batchId: plainText('批次号不能包含控制字符').regex(/^[A-Za-z0-9_-]{1,64}$/, '批次号须为64位以内的字母、数字、_ -'),
        rowCount: z.number({ error: '行数须为1到5000之间的整数' }).int('行数须为1到5000之间的整数').min(1, '行数须为1到5000之间的整数').max(5000, '行数须为1到5000之间的整数'),
        fileSm3: z.string().regex(/^[0-9a-f]{64}$/, '文件摘要须为64位小写十六进制SM3'),
      }),
    ),
  ]),
  signing: (input) => ('batchId' in input ? { layout: 'AccountAddBatch', values: input } : { layout: 'AccountAdd', values: input }),
});

/** `accountManagement/update` (alias and limits) and `account/updateAccountName` (alias only). */
export const verifyAccountEdit = defineOperation({
  ...accounts,
  id: idOf('AccountEdit'),
  name: '验证签名：修改账户',
  path: '/{prefix}/VerifySign/AccountEdit',
  authority: ['ACTION_accountEdit'],
  request: withSignature(z.object({ accountNo: accountNoSchema, alias: aliasSchema, singleLimit: limitSchema, dailyLimit: limitSchema })),
  signing: 'AccountEdit',
});

/** `accountManagement/start` (used 1) and `/forbidden` (used 0). */
export const verifyAccountUsed = defineOperation({
  ...accounts,
  id: idOf('AccountUsed'),
  name: '验证签名：启用或禁用账户',
  path: '/{prefix}/VerifySign/AccountUsed',
  authority: ['ACTION_accountEdit'],
  request: withSignature(
    z.object({
      accountNos: z.array(accountNoSchema, { error: '账号须为列表' }).min(1, '请选择账户').max(1000, '一次最多1000个账户'),
      used: z.union([z.literal(0), z.literal(1)], { error: '启用状态须为0（禁用）或1（启用）' }),
    }),
  ),
  signing: 'AccountUsed',
});

/** Every `VerifySign/<Code>` call. */
export const VERIFY_SIGN_OPERATIONS: readonly AnyOperation[] = [
  verifyUserAdd,
  verifyUserEdit,
  verifyUserDelete,
  verifyUserAddRole,
  verifyUserUnlock,
  verifyPasswordModify,
  verifyAccountAdd,
  verifyAccountEdit,
  verifyAccountUsed,
];
