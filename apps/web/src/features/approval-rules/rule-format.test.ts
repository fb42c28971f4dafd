import { describe, expect, it } from 'vitest';
import { bandsText, scopeLabel } from './rule-format';

describe('approval rule in words', () => {
  it('names each band by its bounds: above the previous, up to its own, the last open', () => {
    expect(bandsText([{ upTo: null, reviewers: 2 }])).toBe('任意金额：2人复核');
    expect(
      bandsText([
        { upTo: '1000000', reviewers: 1 },
        { upTo: '5000000.00', reviewers: 2 },
        { upTo: null, reviewers: 3 },
      ]),
    ).toBe('≤1,000,000.00：1人复核；>1,000,000.00 且 ≤5,000,000.00：2人复核；>5,000,000.00：3人复核');
  });

  it('names an open scope 全部', () => {
    expect(scopeLabel({ instructionType: '', payerAccountNo: '' })).toEqual({ type: '全部类型', account: '全部账户' });
    expect(scopeLabel({ instructionType: '02', payerAccountNo: '10250060000010047' })).toEqual({ type: '费用支付', account: '10250060000010047' });
  });
});
