import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSignature } from '../rules/signing';
import { OPERATIONS, accountsApi, authApi, cashApi, defineOperation, instructionsApi, operationSigningData, payeesApi, signingApi, templatesApi, usersApi } from './index';

const ch = '0123456789abcdef0123456789abcdef';
const der = 'MEUCIQDd2lUSsVp0Gr3xo/Mj+G2gsIJ0vzmI4iVZW9a+ihXhFAIgbQLxBFudWyYG6dCGI5IE1/w2DpJ8g9+Ibq5NwSB2+8k=';
const codeOf = (op: (typeof OPERATIONS)[number], input: unknown) => operationSigningData(op, op.request!.parse(input)).code;

describe('signed operations', () => {
  it('are the spec’s sensitive operations, each with its VerifySign code', () => {
    const signed = Object.fromEntries(OPERATIONS.filter((op) => op.signing && !op.path.includes('/VerifySign/')).map((op) => [op.id, op.path]));
    expect(signed).toEqual({
      USER_ADD: '/{prefix}/user/add',
      USER_UPDATE: '/{prefix}/user/update',
      USER_DELETE: '/{prefix}/user/delete',
      USER_ROLES_ADD: '/{prefix}/user/roles/add',
      USER_UNLOCK_UPDATE: '/{prefix}/userUnlock/update',
      USER_PASSWORD_UPDATE: '/{prefix}/userPassword/update',
      USER_RESET_PASSWORD: '/{prefix}/user/resetPassword',
      ACCOUNT_MANAGEMENT_INSERT: '/{prefix}/accountManagement/insert',
      ACCOUNT_BATCH_INSERT: '/{prefix}/accountBatchService/insert',
      ACCOUNT_MANAGEMENT_UPDATE: '/{prefix}/accountManagement/update',
      ACCOUNT_UPDATE_NAME: '/{prefix}/account/updateAccountName',
      ACCOUNT_MANAGEMENT_START: '/{prefix}/accountManagement/start',
      ACCOUNT_MANAGEMENT_FORBIDDEN: '/{prefix}/accountManagement/forbidden',
      USER_PERSON_MODIFY: '/{prefix}/user/personModify',
      INSTRUCTION_REVIEW: '/{prefix}/instruction/review',
      INSTRUCTION_CONFIRM: '/{prefix}/instruction/confirm',
      INSTRUCTION_CONFIRM_REVIEW: '/{prefix}/instruction/confirmReview',
      CUSTODIAN_INSTRUCTION_CHECK: '/{prefix}/custodian/instruction/check',
      CUSTODIAN_INSTRUCTION_EXECUTE: '/{prefix}/custodian/instruction/execute',
      SCAN_CONFIRM: '/{prefix}/scan/confirm',
      PAYEE_REVIEW: '/{prefix}/payee/review',
      // No VerifySign twin: its request carries the whole file.
      INSTRUCTION_IMPORT_CONFIRM: '/{prefix}/instruction/import/confirm',
      TEMPLATE_REVIEW: '/{prefix}/template/review',
      // No VerifySign twin: signed over the statement only the server holds, checked when answered.
      CASH_RECONCILE: '/{prefix}/cash/reconcile',
      // No VerifySign twin: the change it decides is the server's own row.
      ADMIN_CHANGE_DECIDE: '/{prefix}/adminChange/decide',
    });
    expect(codeOf(usersApi.userAdd, { username: 'abc', nickName: '甲', enterpriseNo: '1000000001', signMsg: der, signChallenge: ch })).toBe('UserAdd');
    expect(codeOf(usersApi.userUpdate, { userId: 1, nickName: '甲', signMsg: der, signChallenge: ch })).toBe('UserEdit');
    expect(codeOf(usersApi.userDelete, { userNo: 'U100000101', signMsg: der, signChallenge: ch })).toBe('UserDelete');
    expect(codeOf(usersApi.userRolesAssign, { roleId: 1, userNos: [], signMsg: der, signChallenge: ch })).toBe('UserAddRole');
    expect(codeOf(authApi.unlockUser, { userId: 1, signMsg: der, signChallenge: ch })).toBe('UserUnlock');
  });

  it('sign the validated input: defaults filled in, text trimmed', () => {
    const input = usersApi.userUpdate.request.parse({ userId: 9, nickName: ' 李静 ', signMsg: der, signChallenge: ch });
    expect(operationSigningData(usersApi.userUpdate, input).data).toBe(`UserEdit|9|李静|||||1|[]|${ch}`);
  });

  it('have a VerifySign call each, with the operation’s input, audience and authority, that is itself signed alike', () => {
    const pairs = [
      [signingApi.verifyUserAdd, usersApi.userAdd],
      [signingApi.verifyUserEdit, usersApi.userUpdate],
      [signingApi.verifyUserDelete, usersApi.userDelete],
      [signingApi.verifyUserAddRole, usersApi.userRolesAssign],
      [signingApi.verifyUserUnlock, authApi.unlockUser],
      [signingApi.verifyUserResetPassword, usersApi.userResetPassword],
      [signingApi.verifyPasswordModify, authApi.passwordUpdate],
      [signingApi.verifyAccountEdit, accountsApi.accountUpdate],
      [signingApi.verifyAccountAuth, accountsApi.personModify],
      [signingApi.verifyInstructionReview, instructionsApi.instructionReview],
      [signingApi.verifyInstructionConfirm, instructionsApi.instructionConfirm],
      [signingApi.verifyInstructionConfirmReview, instructionsApi.instructionConfirmReview],
      [signingApi.verifyInstructionCheck, instructionsApi.custodianCheck],
      [signingApi.verifyInstructionExecute, instructionsApi.custodianExecute],
      [signingApi.verifyPayeeReview, payeesApi.payeeReview],
      [signingApi.verifyTemplateReview, templatesApi.templateReview],
    ] as const;
    for (const [check, op] of pairs) {
      expect(check).toMatchObject({ method: 'POST', audience: op.audience, authority: op.authority, request: op.request });
      expect(check.signing).toBe(op.signing);
    }
    const paths = OPERATIONS.filter((op) => op.path.includes('/VerifySign/')).map((op) => op.path.split('/').pop()).sort();
    expect(paths).toEqual([
      'AccountAdd',
      'AccountAuth',
      'AccountEdit',
      'AccountUsed',
      'InstructionCheck',
      'InstructionConfirm',
      'InstructionConfirmReview',
      'InstructionExecute',
      'InstructionReview',
      // The login's signature check (no session; not a signed operation's twin).
      'Login',
      'PasswordModify',
      'PayeeReview',
      'TemplateReview',
      'UserAdd',
      'UserAddRole',
      'UserDelete',
      'UserEdit',
      'UserResetPassword',
      'UserUnlock',
    ]);
  });

  it('sign an answer to a period’s cash statement with the statement the server holds', () => {
    const op = cashApi.cashReconcile;
    const input = op.request.parse({ accountNo: '102500100010001', periodStart: '2026-10-01', periodEnd: '2026-10-31', result: 'mismatch', entryIds: [12, 40], reason: '托管费, 金额不符', signMsg: der, signChallenge: ch });
    // The balances and the number of entries come from the server's statement, not the request.
    expect(operationSigningData(op, input, { opening: '1000.00', closing: '-5.50', entryCount: 7 }).data).toBe(
      `CashReconcile|102500100010001|2026-10-01|2026-10-31|mismatch|1000.00|-5.50|7|[12,40]|托管费\\, 金额不符|${ch}`,
    );
    expect(op.request.safeParse({ accountNo: '102500100010001', periodStart: '2026-10-01', periodEnd: '2026-10-31', result: 'mismatch', signMsg: der, signChallenge: ch }).error?.issues[0]?.message).toBe('对账不符时请填写原因');
  });

  it('list each instruction of a batch decision as the signer saw it', () => {
    const op = instructionsApi.instructionReview;
    const instructions = [
      { instructionNo: 'ZL20260101000001', payerAccountNo: '622202000000001234', payeeAccountNo: '6222', amount: '1000.00', currency: 'CNY', valueDate: '2026-01-02', approvalRound: '1/1' },
      { instructionNo: 'ZL20260101000002', payerAccountNo: '622202000000001234', payeeAccountNo: 'A-1', amount: '0.01', currency: 'USD', valueDate: '2026-01-03', approvalRound: '2/2' },
    ];
    // A review signs the round each instruction is at (审批规则); the other steps do not.
    expect(operationSigningData(op, op.request.parse({ ids: [1, 2], result: 'refuse', reason: '金额有误,请核对', instructions, signMsg: der, signChallenge: ch })).data).toBe(
      `InstructionReview|refuse|金额有误\\,请核对|[[ZL20260101000001,622202000000001234,6222,1000.00,CNY,2026-01-02,1/1],[ZL20260101000002,622202000000001234,A-1,0.01,USD,2026-01-03,2/2]]|${ch}`,
    );
    const confirm = instructionsApi.instructionConfirm;
    expect(operationSigningData(confirm, confirm.request.parse({ ids: [1], result: 'pass', instructions: instructions.slice(0, 1), signMsg: der, signChallenge: ch })).data).toBe(
      `InstructionConfirm|pass||[[ZL20260101000001,622202000000001234,6222,1000.00,CNY,2026-01-02]]|${ch}`,
    );
    expect(op.request.safeParse({ ids: [1], result: 'refuse', reason: '', instructions: instructions.slice(0, 1), signMsg: der, signChallenge: ch }).error?.issues[0]?.message).toBe('退回时请输入原因');
  });

  it('check an account addition in the single or the batch layout', () => {
    const op = signingApi.verifyAccountAdd;
    expect(operationSigningData(op, op.request.parse({ accountNo: '622202000000001234', alias: '一号', signMsg: der, signChallenge: ch })).data).toBe(`AccountAdd|622202000000001234|一号|||${ch}`);
    const fileSm3 = 'f'.repeat(64);
    expect(operationSigningData(op, op.request.parse({ batchNo: 'B2026112400000007', rowCount: 12, fileSm3, signMsg: der, signChallenge: ch })).data).toBe(`AccountAdd|B2026112400000007|12|${fileSm3}|${ch}`);
    const used = signingApi.verifyAccountUsed;
    expect(operationSigningData(used, used.request.parse({ accountNos: ['622202000000001234', '622202000000005678'], used: 0, signMsg: der, signChallenge: ch })).data).toBe(
      `AccountUsed|[622202000000001234,622202000000005678]|0|${ch}`,
    );
  });

  it('sign a seat’s account rights by the list’s length and the SM3 of its canonical text', () => {
    const accounts = [
      { accountNo: '622202000000001234', canQuery: true, canEntry: false, canReview: true },
      { accountNo: '622202000000005678', canQuery: false, canEntry: true, canReview: false },
    ];
    // In the order sent, rights as sent (the server adds query to entry and review later), LF-ended lines.
    expect(accountsApi.accountRightsText(accounts)).toBe('622202000000001234|1|0|1\n622202000000005678|0|1|0\n');
    expect(accountsApi.accountRightsText([])).toBe('');
    // docs/signing.md's example.
    expect(createHash('sm3').update(accountsApi.accountRightsText(accounts.slice(0, 1))).digest('hex')).toBe('488ce1e78ba7211a130f1fb615c32fb72f875005e9a382c65578a7ecc64c0a4c');
    const rightsSm3 = createHash('sm3').update(accountsApi.accountRightsText(accounts)).digest('hex');
    const op = accountsApi.personModify;
    expect(operationSigningData(op, op.request.parse({ userNo: 'U100000102', accounts, accountCount: 2, rightsSm3, signMsg: der, signChallenge: ch })).data).toBe(`AccountAuth|U100000102|2|${rightsSm3}|${ch}`);
    expect(op.request.safeParse({ userNo: 'U100000102', accounts, accountCount: 2, rightsSm3: 'AB', signMsg: der, signChallenge: ch }).error?.issues[0]?.message).toBe('权限摘要须为64位小写十六进制SM3');
  });
});

describe('a signing declaration', () => {
  const base = { id: 'T', name: 't', category: 't', serviceId: 't', method: 'POST', path: '/t', audience: ['staff'] } as const;

  it('is checked when the contract is defined: signMsg, every field of the layout, a POST', () => {
    expect(() => defineOperation({ ...base, request: z.object({ userNo: z.string() }), signing: 'UserDelete' })).toThrow(/must carry signMsg/);
    // A signMsg without its challenge could be sent twice.
    expect(() => defineOperation({ ...base, request: z.object({ userNo: z.string(), signMsg: z.string() }), signing: 'UserDelete' })).toThrow(/signChallenge/);
    expect(() => defineOperation({ ...base, request: withSignature(z.object({ user: z.string() })), signing: 'UserDelete' })).toThrow(/has no userNo/);
    expect(() => defineOperation({ ...base, method: 'GET', request: withSignature(z.object({ userNo: z.string() })), signing: 'UserDelete' })).toThrow(/is a POST/);
    expect(defineOperation({ ...base, request: withSignature(z.object({ userNo: z.string() })), signing: 'UserDelete' }).signing).toBeTypeOf('function');
  });

  it('may map an input to its layout: other field names, fixed values', () => {
    const start = defineOperation({
      ...base,
      request: withSignature(z.object({ accountNo: z.string() })),
      signing: (input) => ({ layout: 'AccountUsed', values: { accountNos: [input.accountNo], used: 1 } }),
    });
    expect(operationSigningData(start, { accountNo: '622202000000001234', signMsg: der, signChallenge: ch }).data).toBe(`AccountUsed|[622202000000001234]|1|${ch}`);
  });
});
