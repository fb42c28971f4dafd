import { describe, expect, it } from 'vitest';
import {
  INSTRUCTION_STATUSES,
  dutyConflict,
  dutyConflictMessage,
  executionTiming,
  isExpired,
  moneyRefusal,
  needsReason,
  nextStatus,
  statusLabel,
  type InstructionAction,
  type InstructionStatus,
} from './instruction-flow';

const direct = { hasThirdParty: false };
const viaThirdParty = { hasThirdParty: true };

/** Every legal transition, written out once more by hand: anything not listed must be refused. */
const LEGAL: [InstructionStatus, InstructionAction, InstructionStatus, boolean?][] = [
  ['00', 'edit', '00'],
  ['00', 'submit', '10'],
  ['00', 'revoke', '90'],
  ['10', 'revoke', '90'],
  ['10', 'reviewPass', '40', false],
  ['10', 'reviewPass', '20', true],
  ['10', 'reviewRefuse', '11'],
  ['20', 'confirmPass', '30'],
  ['20', 'confirmRefuse', '21'],
  ['30', 'confirmReviewPass', '40'],
  ['30', 'confirmReviewRefuse', '31'],
  ['40', 'checkPass', '50'],
  ['40', 'checkRefuse', '41'],
  ['50', 'execute', '60'],
  ...(['11', '21', '31', '41'] as const).flatMap((s): [InstructionStatus, InstructionAction, InstructionStatus][] => [
    [s, 'edit', s],
    [s, 'submit', '10'],
    [s, 'revoke', '90'],
  ]),
];

const ACTIONS: InstructionAction[] = [
  'edit', 'submit', 'revoke', 'reviewPass', 'reviewRefuse', 'confirmPass', 'confirmRefuse',
  'confirmReviewPass', 'confirmReviewRefuse', 'checkPass', 'checkRefuse', 'execute',
];

describe('instruction flow', () => {
  it('allows exactly the legal transitions, and review goes to the third party only when the account names one', () => {
    for (const status of INSTRUCTION_STATUSES) {
      for (const action of ACTIONS) {
        for (const facts of [direct, viaThirdParty]) {
          const legal = LEGAL.find(([s, a, , third]) => s === status && a === action && (third === undefined || third === facts.hasThirdParty));
          expect(nextStatus(status, action, facts), `${status} ${action} ${facts.hasThirdParty}`).toBe(legal ? legal[2] : null);
        }
      }
    }
  });

  it('executed and revoked instructions are final', () => {
    for (const action of ACTIONS) {
      expect(nextStatus('60', action, viaThirdParty)).toBeNull();
      expect(nextStatus('90', action, viaThirdParty)).toBeNull();
    }
  });

  it('asks a reason for every refusal and a revocation', () => {
    expect(ACTIONS.filter(needsReason)).toEqual(['revoke', 'reviewRefuse', 'confirmRefuse', 'confirmReviewRefuse', 'checkRefuse']);
  });

  it('keeps one person from combining duties on one instruction', () => {
    const maker = { duty: 'entry', userId: 1 } as const;
    expect(dutyConflict('review', 1, [maker])).toBe('entry');
    expect(dutyConflict('review', 2, [maker])).toBeUndefined();
    expect(dutyConflict('check', 2, [maker, { duty: 'review', userId: 2 }])).toBe('review');
    expect(dutyConflict('confirmReview', 3, [maker, { duty: 'confirm', userId: 3 }])).toBe('confirm');
    expect(dutyConflict('execute', 9, [{ duty: 'check', userId: 9 }])).toBe('check');
    // One login may hold a seat in the enterprise and one in the institution its account names:
    // it still performs at most one customer step of an instruction.
    expect(dutyConflict('confirm', 1, [maker])).toBe('entry');
    expect(dutyConflict('confirm', 2, [maker, { duty: 'review', userId: 2 }])).toBe('review');
    expect(dutyConflict('confirmReview', 1, [maker, { duty: 'confirm', userId: 3 }])).toBe('entry');
    expect(dutyConflict('confirmReview', 2, [maker, { duty: 'review', userId: 2 }])).toBe('review');
    expect(dutyConflict('confirm', 3, [maker, { duty: 'review', userId: 2 }])).toBeUndefined();
    expect(dutyConflictMessage('confirm', 'entry')).toBe('同一用户不能对同一指令既录入又第三方确认');
    expect(dutyConflictMessage('review', 'entry')).toBe('同一用户不能对同一指令既录入又复核');
  });

  it('shows 已过期 while a passed value date blocks the custodian check', () => {
    expect(isExpired('40', '2026-11-23', '2026-11-24')).toBe(true);
    expect(isExpired('40', '2026-11-24', '2026-11-24')).toBe(false);
    expect(isExpired('50', '2026-11-01', '2026-11-24')).toBe(false);
    expect(isExpired('60', '2026-11-01', '2026-11-24')).toBe(false);
    expect(statusLabel({ status: '10', expired: true, cutoffState: 'missed' })).toBe('已过期');
    expect(statusLabel({ status: '10', expired: false, cutoffState: 'missed' })).toBe('已过截止');
    expect(statusLabel({ status: '10', expired: false, cutoffState: 'atRisk' })).toBe('待复核');
    expect(statusLabel({ status: '60', expired: false, cutoffState: null })).toBe('已执行');
  });

  it('refuses an amount over the single limit, then the available balance, then the daily limit, to the cent', () => {
    const facts = { available: '1000.00', singleLimit: '800.00', dailyLimit: '1500.00', dailyUsed: '900.00' };
    expect(moneyRefusal('800.01', facts)).toBe('single');
    expect(moneyRefusal('600.01', facts)).toBe('daily');
    expect(moneyRefusal('600.00', facts)).toBeNull();
    expect(moneyRefusal('1000.01', { ...facts, singleLimit: null })).toBe('balance');
    expect(moneyRefusal('1000.00', { ...facts, singleLimit: null, dailyLimit: null })).toBeNull();
    // Beyond a double's precision, and a balance already overdrawn by what is held.
    expect(moneyRefusal('12345678901234567.89', { available: '12345678901234567.88', singleLimit: null, dailyLimit: null, dailyUsed: '0' })).toBe('balance');
    expect(moneyRefusal('0.01', { available: '-5.00', singleLimit: null, dailyLimit: null, dailyUsed: '0' })).toBe('balance');
  });

  it('pays on the value date: before it is early (refused), after it late (with a reason)', () => {
    expect(executionTiming('2026-11-30', '2026-11-27')).toBe('early');
    expect(executionTiming('2026-11-27', '2026-11-27')).toBe('onTime');
    expect(executionTiming('2026-11-26', '2026-11-27')).toBe('late');
  });
});
