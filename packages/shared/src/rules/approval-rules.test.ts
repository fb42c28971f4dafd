import { describe, expect, it } from 'vitest';
import { applicableRule, approvalRound, approvalsRequired, bandsProblem, withinLimit } from './approval-rules';
import { nextStatus } from './instruction-flow';

const BANDS = [
  { upTo: '1000000.00', reviewers: 1 },
  { upTo: '5000000.00', reviewers: 2 },
  { upTo: null, reviewers: 3 },
];

describe('approval bands', () => {
  it('an amount belongs to the band above the previous bound and at most its own', () => {
    expect(approvalsRequired(BANDS, '0.01')).toBe(1);
    expect(approvalsRequired(BANDS, '1000000.00')).toBe(1);
    expect(approvalsRequired(BANDS, '1000000.01')).toBe(2);
    expect(approvalsRequired(BANDS, '5000000')).toBe(2);
    expect(approvalsRequired(BANDS, '5000000.01')).toBe(3);
  });

  it('refuses bands out of order, a bounded last band, an open band before it and reviewers outside 1..3', () => {
    expect(bandsProblem(BANDS)).toBeNull();
    expect(bandsProblem([])).toMatch('至少');
    expect(bandsProblem([{ upTo: '10', reviewers: 1 }])).toMatch('最后');
    expect(bandsProblem([{ upTo: null, reviewers: 1 }, { upTo: null, reviewers: 2 }])).toMatch('只有最后');
    expect(bandsProblem([{ upTo: '10', reviewers: 1 }, { upTo: '10', reviewers: 2 }, { upTo: null, reviewers: 2 }])).toMatch('递增');
    expect(bandsProblem([{ upTo: null, reviewers: 4 }])).toMatch('1到3');
    expect(bandsProblem([{ upTo: null, reviewers: 0 }])).toMatch('1到3');
  });
});

describe('which rule applies', () => {
  const rules = [
    { id: 'all', instructionType: '', payerAccountNo: '' },
    { id: 'type', instructionType: '01', payerAccountNo: '' },
    { id: 'account', instructionType: '', payerAccountNo: 'A' },
    { id: 'both', instructionType: '01', payerAccountNo: 'A' },
  ];
  it('the most specific: account and type, then account, then type, then all', () => {
    expect(applicableRule(rules, '01', 'A')?.id).toBe('both');
    expect(applicableRule(rules, '02', 'A')?.id).toBe('account');
    expect(applicableRule(rules, '01', 'B')?.id).toBe('type');
    expect(applicableRule(rules, '02', 'B')?.id).toBe('all');
    expect(applicableRule(rules.slice(1), '02', 'B')).toBeUndefined();
  });
});

describe('reviewer limits', () => {
  const limits = [{ userNo: 'U1', limit: '2000000.00' }];
  it('a reviewer may pass up to his limit, not a cent above; one without a limit passes any amount', () => {
    expect(withinLimit(limits, 'U1', '2000000.00')).toBe(true);
    expect(withinLimit(limits, 'U1', '2000000.01')).toBe(false);
    expect(withinLimit(limits, 'U2', '99999999')).toBe(true);
  });
});

describe('counted reviews', () => {
  it('stays 待复核 until the last required pass, then goes on as the fixed chain', () => {
    expect(nextStatus('10', 'reviewPass', { hasThirdParty: false, approvalsRequired: 2, approvalsDone: 0 })).toBe('10');
    expect(nextStatus('10', 'reviewPass', { hasThirdParty: false, approvalsRequired: 2, approvalsDone: 1 })).toBe('40');
    expect(nextStatus('10', 'reviewPass', { hasThirdParty: true, approvalsRequired: 3, approvalsDone: 2 })).toBe('20');
    expect(nextStatus('10', 'reviewRefuse', { hasThirdParty: false, approvalsRequired: 2, approvalsDone: 1 })).toBe('11');
  });
  it('names the round', () => {
    expect(approvalRound(0, 1)).toBe('1/1');
    expect(approvalRound(1, 2)).toBe('2/2');
  });
});
