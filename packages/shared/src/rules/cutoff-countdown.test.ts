import { describe, expect, it } from 'vitest';
import { businessCalendar } from './business-calendar';
import { custodyDayAt, deadlineOf } from './cutoff';
import { cutoffNudgeMessage, cutoffOutlook, cutoffUrgency, formatTimeLeft, remainingSteps, stepsLine, timeLeftWords } from './cutoff-countdown';

const at = (wallClock: string) => Date.parse(`${wallClock}+08:00`);
const record = (status: string, thirdParty: boolean, cutoffAt = '2026-11-27T07:00:00.000Z') => ({ status, thirdPartyEnterpriseNo: thirdParty ? 'E3' : null, cutoffAt });

describe('who still has to act', () => {
  it('walks the state machine forward from each waiting state', () => {
    expect(remainingSteps('10', { hasThirdParty: true })).toEqual(['review', 'confirm', 'confirmReview', 'check', 'execute']);
    expect(remainingSteps('10', { hasThirdParty: false })).toEqual(['review', 'check', 'execute']);
    expect(remainingSteps('20', { hasThirdParty: true })).toEqual(['confirm', 'confirmReview', 'check', 'execute']);
    expect(remainingSteps('30', { hasThirdParty: true })).toEqual(['confirmReview', 'check', 'execute']);
    expect(remainingSteps('40', { hasThirdParty: true })).toEqual(['check', 'execute']);
    expect(remainingSteps('50', { hasThirdParty: false })).toEqual(['execute']);
  });

  it('starts a draft or a refused one again with its maker', () => {
    for (const status of ['00', '11', '21', '31', '41'] as const) {
      expect(remainingSteps(status, { hasThirdParty: false })).toEqual(['entry', 'review', 'check', 'execute']);
    }
  });

  it('has nothing left once paid or revoked', () => {
    expect(remainingSteps('60', { hasThirdParty: true })).toEqual([]);
    expect(remainingSteps('90', { hasThirdParty: true })).toEqual([]);
  });

  it('names the steps in order, and the maker alone after the cut-off', () => {
    const before = cutoffOutlook(record('20', true), at('2026-11-27T14:10'));
    expect(stepsLine(before)).toBe('第三方确认 → 确认复核 → 托管行审核 → 执行');
    const after = cutoffOutlook(record('20', true), at('2026-11-27T15:00'));
    expect(after).toEqual({ state: 'missed', msLeft: 0, steps: [] });
    expect(stepsLine(after)).toBe('经办人修改起息日或撤销');
  });
});

describe('the outlook against the cut-off', () => {
  it('counts the time left and judges the standing by the cut-off rules', () => {
    expect(cutoffOutlook(record('10', false), at('2026-11-27T13:00'))).toMatchObject({ state: 'onTime', msLeft: 2 * 3_600_000 });
    expect(cutoffOutlook(record('10', false), at('2026-11-27T14:00'))).toMatchObject({ state: 'atRisk', msLeft: 3_600_000 });
    expect(cutoffOutlook(record('40', false), at('2026-11-27T14:59:59'))).toMatchObject({ state: 'atRisk', msLeft: 1000 });
  });

  it('no longer minds the cut-off once the custodian checked it', () => {
    expect(cutoffOutlook(record('50', false), at('2026-11-27T16:00'))).toEqual({ state: null, msLeft: 0, steps: ['execute'] });
    expect(cutoffOutlook(record('90', false), at('2026-11-27T10:00')).state).toBeNull();
  });

  it('takes the cut-off instant from the calendar and notice period, as the record carries it', () => {
    // 申购赎回款 with two working hours' notice: due at 13:00, at risk from 12:00.
    const day = custodyDayAt(at('2026-11-27T12:30'), businessCalendar([]), [{ type: '04', currency: 'CNY', cutoffTime: '15:00', noticeHours: 2 }]);
    const cutoffAt = new Date(deadlineOf(day, { type: '04', currency: 'CNY', valueDate: '2026-11-27' })).toISOString();
    expect(cutoffOutlook({ status: '10', thirdPartyEnterpriseNo: null, cutoffAt }, day.now)).toMatchObject({ state: 'atRisk', msLeft: 30 * 60_000 });
  });
});

describe('due today and at risk', () => {
  const deadline = at('2026-11-27T15:00');

  it('is due today while the cut-off is later the same Beijing day', () => {
    expect(cutoffUrgency(deadline, at('2026-11-27T09:00'))).toEqual({ dueToday: true, atRisk: false });
    // 23:30 UTC the day before is already 07:30 on the 27th in Beijing.
    expect(cutoffUrgency(deadline, Date.parse('2026-11-26T23:30:00Z'))).toEqual({ dueToday: true, atRisk: false });
    expect(cutoffUrgency(deadline, at('2026-11-26T16:00'))).toEqual({ dueToday: false, atRisk: false });
  });

  it('is at risk within the last hour, neither once passed', () => {
    expect(cutoffUrgency(deadline, at('2026-11-27T14:00'))).toEqual({ dueToday: true, atRisk: true });
    expect(cutoffUrgency(deadline, at('2026-11-27T13:59:59'))).toEqual({ dueToday: true, atRisk: false });
    expect(cutoffUrgency(deadline, at('2026-11-27T15:00'))).toEqual({ dueToday: false, atRisk: false });
  });

  it('counts a notice period that reaches into the day before as due that day', () => {
    const monday = deadlineOf(custodyDayAt(0, businessCalendar([]), [{ type: '04', currency: 'CNY', cutoffTime: '10:00', noticeHours: 3 }]), { type: '04', currency: 'CNY', valueDate: '2026-11-30' });
    expect(cutoffUrgency(monday, at('2026-11-27T14:30'))).toEqual({ dueToday: true, atRisk: true });
  });
});

describe('the words', () => {
  it('ticks as hours, minutes and seconds, with days beyond a day', () => {
    expect(formatTimeLeft(3_725_000)).toBe('01:02:05');
    expect(formatTimeLeft(59_999)).toBe('00:00:59');
    expect(formatTimeLeft(-5)).toBe('00:00:00');
    expect(formatTimeLeft(3 * 86_400_000 + 4 * 3_600_000)).toBe('3天 04:00:00');
  });

  it('says the time left in words for the nudge', () => {
    expect(timeLeftWords(38 * 60_000 + 59_000)).toBe('38分钟');
    expect(timeLeftWords(65 * 60_000)).toBe('1小时05分钟');
    expect(timeLeftWords(30_000)).toBe('不足1分钟');
    expect(cutoffNudgeMessage(['ZL001', 'ZL002'], 38 * 60_000)).toBe('指令ZL001、ZL002已到您处，距截止时间还剩38分钟，请尽快处理');
  });
});
