import { describe, expect, it } from 'vitest';
import { payeeAddSchema, payeeReviewSchema } from '../api/payees';
import { BANK_CATEGORIES, bankCategoryName, editKind, isCnaps, isUsablePayee, requestProblem, sameMakerAndReviewer, statusAfterDecision, statusWhilePending } from './payee-book';

describe('the payee book state machine', () => {
  it('takes a new payee to 已生效 or 已拒绝 on its first review', () => {
    expect(statusWhilePending('add')).toBe('10');
    expect(statusAfterDecision('add', 'pass')).toBe('20');
    expect(statusAfterDecision('add', 'refuse')).toBe('30');
  });

  it('keeps an effective payee usable while an edit or a deletion waits, and whatever its refusal', () => {
    expect(statusWhilePending('edit')).toBe('20');
    expect(statusWhilePending('delete')).toBe('20');
    expect(statusAfterDecision('edit', 'pass')).toBe('20');
    expect(statusAfterDecision('edit', 'refuse')).toBe('20');
    expect(statusAfterDecision('delete', 'refuse')).toBe('20');
    expect(statusAfterDecision('delete', 'pass')).toBe('90');
    expect(isUsablePayee('20')).toBe(true);
    for (const status of ['10', '30', '90'] as const) expect(isUsablePayee(status)).toBe(false);
  });

  it('lets a maker propose one change at a time, on a payee that takes it', () => {
    expect(requestProblem('20', false, 'edit')).toBeNull();
    expect(requestProblem('20', false, 'delete')).toBeNull();
    expect(requestProblem('20', true, 'edit')).toBe('pending');
    expect(requestProblem('20', true, 'delete')).toBe('pending');
    expect(requestProblem('10', false, 'edit')).toBe('pending');
    expect(requestProblem('30', false, 'edit')).toBeNull();
    expect(requestProblem('30', false, 'delete')).toBe('deleteOnlyEffective');
    expect(requestProblem('90', false, 'edit')).toBe('deleted');
    expect(requestProblem('90', false, 'delete')).toBe('deleted');
  });

  it('proposes a refused new payee anew, and an effective one as an edit', () => {
    expect(editKind('30')).toBe('add');
    expect(editKind('20')).toBe('edit');
  });

  it('never lets the maker of a change review it', () => {
    expect(sameMakerAndReviewer(7, 7)).toBe(true);
    expect(sameMakerAndReviewer(7, 8)).toBe(false);
  });
});

describe('CNAPS codes', () => {
  it('are 12 digits whose first 3 name the bank category', () => {
    expect(isCnaps('102100000030')).toBe(true);
    for (const bad of ['10210000003', '1021000000301', '10210000003a', '', ' 102100000030']) expect(isCnaps(bad)).toBe(false);
    expect(bankCategoryName('102100000030')).toBe('中国工商银行');
    expect(bankCategoryName('105290036005')).toBe('中国建设银行');
    expect(bankCategoryName('308584000013')).toBe('招商银行');
    expect(bankCategoryName('999100000000')).toBe('');
    expect(BANK_CATEGORIES).toMatchObject({ '102': '中国工商银行', '103': '中国农业银行', '104': '中国银行', '105': '中国建设银行', '301': '交通银行', '308': '招商银行' });
  });

  it('are refused by the form with the entry screen message, trimmed first', () => {
    const fields = { name: '易方达基金管理有限公司', accountNo: '44201501100059012345' };
    expect(payeeAddSchema.safeParse({ ...fields, cnaps: ' 105581001515 ' }).data?.cnaps).toBe('105581001515');
    const bad = payeeAddSchema.safeParse({ ...fields, cnaps: '10558100151' });
    expect(bad.error?.issues[0]?.message).toBe('大额支付行号须为12位数字');
    expect(payeeAddSchema.safeParse({ ...fields, accountNo: '4420-1501', cnaps: '105581001515' }).error?.issues[0]?.message).toBe('人民币收款账号须为8到32位数字');
  });
});

describe('a review', () => {
  const seen = { changeId: 1, kind: 'add', name: '甲', accountNo: '12345678', cnaps: '102100000030' };
  it('needs a reason to refuse', () => {
    expect(payeeReviewSchema.safeParse({ ...seen, result: 'pass' }).success).toBe(true);
    expect(payeeReviewSchema.safeParse({ ...seen, result: 'refuse' }).error?.issues[0]?.message).toBe('退回时请输入原因');
    expect(payeeReviewSchema.safeParse({ ...seen, result: 'refuse', reason: '账号有误' }).success).toBe(true);
  });
});
