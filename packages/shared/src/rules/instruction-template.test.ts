import { describe, expect, it } from 'vitest';
import { operationSigningData } from '../api';
import { templateAddSchema, templateReview, templateReviewSchema } from '../api/templates';
import { isUsableTemplate, lockedFieldsChanged, lockedFieldsMessage, normalizeLocked, statusAfterWithdrawal, templateRequestProblem, type TemplateValues } from './instruction-template';

const TEMPLATE: TemplateValues = {
  type: '01',
  payerAccountNo: '622202000000001234',
  payeeName: '华安基金管理有限公司',
  payeeAccountNo: '310066726018800099001',
  payeeBank: '交通银行上海分行',
  payeeCnaps: '301290000007',
  purpose: '申购款',
};

describe('instruction templates', () => {
  it('lock fields in one order, each once', () => {
    expect(normalizeLocked(['purpose', 'type', 'purpose', 'payee'])).toEqual(['type', 'payee', 'purpose']);
    expect(templateAddSchema.parse({ name: ' 月度申购 ', type: '01', payerAccountNo: '622202000000001234', payeeId: 3, purpose: '申购款', locked: ['payee', 'type'] }).locked).toEqual(['type', 'payee']);
    expect(templateAddSchema.safeParse({ name: '甲', type: '01', payerAccountNo: '622202000000001234', payeeId: 3, purpose: '申购款', locked: ['amount'] }).error?.issues[0]?.message).toBe('锁定字段不正确');
  });

  it('find the locked fields an instruction changed, the payee as one', () => {
    const locked = normalizeLocked(['type', 'payerAccountNo', 'payee', 'purpose']);
    expect(lockedFieldsChanged(locked, TEMPLATE, TEMPLATE)).toEqual([]);
    expect(lockedFieldsChanged(locked, TEMPLATE, { ...TEMPLATE, payeeBank: '别的银行' })).toEqual(['payee']);
    expect(lockedFieldsChanged(locked, TEMPLATE, { ...TEMPLATE, type: '02', purpose: '赎回款' })).toEqual(['type', 'purpose']);
    // An editable field may change freely.
    expect(lockedFieldsChanged(['payee'], TEMPLATE, { ...TEMPLATE, purpose: '其他', payerAccountNo: '622202000000009999' })).toEqual([]);
    expect(lockedFieldsMessage('月度申购', ['payerAccountNo', 'payee'])).toBe('指令模板“月度申购”锁定了付款账户、收款人，指令中不能修改');
    expect(lockedFieldsMessage('月度申购', [])).toBeNull();
  });

  it('take requests and withdrawals by the state of the template', () => {
    expect(templateRequestProblem('20', false, 'edit')).toBeNull();
    expect(templateRequestProblem('20', true, 'edit')).toBe('pending');
    expect(templateRequestProblem('10', false, 'delete')).toBe('pending');
    expect(templateRequestProblem('30', false, 'edit')).toBeNull();
    expect(templateRequestProblem('30', false, 'delete')).toBe('deleteOnlyEffective');
    expect(templateRequestProblem('90', false, 'edit')).toBe('deleted');
    expect(statusAfterWithdrawal('add')).toBe('90');
    expect(statusAfterWithdrawal('edit')).toBe('20');
    expect(statusAfterWithdrawal('delete')).toBe('20');
    expect(isUsableTemplate('20')).toBe(true);
    for (const s of ['10', '30', '90'] as const) expect(isUsableTemplate(s)).toBe(false);
  });

  it('sign a review over the change as the reviewer saw it, the locked fields as a list', () => {
    const seen = { changeId: 7, result: 'pass', kind: 'add', name: '月度申购', type: '01', payerAccountNo: '622202000000001234', payeeAccountNo: '310066726018800099001', payeeCnaps: '301290000007', purpose: '申购款', locked: ['type', 'payee'] };
    expect(templateReviewSchema.safeParse({ ...seen, result: 'refuse' }).error?.issues[0]?.message).toBe('退回时请输入原因');
    const input = templateReview.request.parse({ ...seen, signMsg: 'MEUCIQDd2lUSsVp0Gr3xo/Mj+G2gsIJ0vzmI4iVZW9a+ihXhFAIgbQLxBFudWyYG6dCGI5IE1/w2DpJ8g9+Ibq5NwSB2+8k=', signChallenge: 'c'.repeat(32) });
    expect(operationSigningData(templateReview, input).data).toMatch(/^TemplateReview\|7\|pass\|\|add\|月度申购\|01\|622202000000001234\|310066726018800099001\|301290000007\|申购款\|\[type,payee\]\|/);
  });
});
