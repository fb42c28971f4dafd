import { describe, expect, it } from 'vitest';
import { businessCalendar } from './business-calendar';
import {
  CUTOFF_WARNING_MINUTES,
  atRiskMessage,
  cutoffInstant,
  cutoffPassedMessage,
  cutoffSettingOf,
  cutoffStateAt,
  custodyDayAt,
  deadlineOf,
  defaultValueDate,
  defaultValueDateOf,
  formatCutoff,
  instructionCutoffMessage,
  instructionCutoffState,
  isCutoffTime,
  notBusinessDayMessage,
  valueDateRefusal,
  type CutoffSetting,
} from './cutoff';

// 2026-10-01…07 National Day (Thursday to Wednesday), Saturday 2026-10-10 worked instead.
const cal = businessCalendar([
  ...['01', '02', '03', '04', '05', '06', '07'].map((d) => ({ date: `2026-10-${d}`, kind: 'holiday' as const, name: '国庆节' })),
  { date: '2026-10-10', kind: 'workday', name: '国庆节调休' },
]);
const at = (wallClock: string) => Date.parse(`${wallClock}+08:00`);
const plain = { cutoffTime: '15:00', noticeHours: 0 };

describe('cut-off settings', () => {
  it('finds the type and currency, else the 15:00 default without notice', () => {
    const settings: CutoffSetting[] = [{ type: '04', currency: 'CNY', cutoffTime: '11:30', noticeHours: 2 }];
    expect(cutoffSettingOf(settings, '04', 'CNY').cutoffTime).toBe('11:30');
    expect(cutoffSettingOf(settings, '04', 'USD')).toEqual({ type: '04', currency: 'USD', cutoffTime: '15:00', noticeHours: 0 });
  });

  it('reads HH:mm times only', () => {
    for (const ok of ['00:00', '09:30', '15:00', '23:59']) expect(isCutoffTime(ok)).toBe(true);
    for (const bad of ['24:00', '9:30', '15:60', '15:00:00', '', 'ab:cd']) expect(isCutoffTime(bad)).toBe(false);
  });
});

describe('the cut-off instant', () => {
  it('is the time on the value date, Beijing time, without notice', () => {
    expect(cutoffInstant(cal, plain, '2026-11-27')).toBe(at('2026-11-27T15:00'));
    expect(formatCutoff(cutoffInstant(cal, { cutoffTime: '17:30', noticeHours: 0 }, '2026-11-27'))).toBe('2026-11-27 17:30');
  });

  it('counts a notice period back over working hours (09:00–17:00) of business days', () => {
    expect(cutoffInstant(cal, { cutoffTime: '15:00', noticeHours: 2 }, '2026-11-27')).toBe(at('2026-11-27T13:00'));
    // Six working hours before 15:00 are used up at 09:00; two more reach back to the day before, from 17:00.
    expect(cutoffInstant(cal, { cutoffTime: '15:00', noticeHours: 8 }, '2026-11-27')).toBe(at('2026-11-26T15:00'));
    // Monday's notice reaches back over the weekend into Friday.
    expect(cutoffInstant(cal, { cutoffTime: '10:00', noticeHours: 3 }, '2026-11-30')).toBe(at('2026-11-27T15:00'));
    // After the holiday week: the Thursday before it, past the holidays.
    expect(cutoffInstant(cal, { cutoffTime: '09:00', noticeHours: 4 }, '2026-10-08')).toBe(at('2026-09-30T13:00'));
    // A cut-off after closing time: the hours after 17:00 count for nothing.
    expect(cutoffInstant(cal, { cutoffTime: '18:00', noticeHours: 1 }, '2026-11-27')).toBe(at('2026-11-27T16:00'));
    // A 调休 Saturday is a business day like any.
    expect(cutoffInstant(cal, { cutoffTime: '10:00', noticeHours: 2 }, '2026-10-12')).toBe(at('2026-10-10T16:00'));
  });
});

describe('the standing of an instruction against its cut-off', () => {
  const deadline = at('2026-11-27T15:00');
  it('is on time, at risk inside the warning window, missed from the cut-off on', () => {
    expect(cutoffStateAt(deadline, at('2026-11-27T13:59'))).toBe('onTime');
    expect(cutoffStateAt(deadline, deadline - CUTOFF_WARNING_MINUTES * 60_000)).toBe('atRisk');
    expect(cutoffStateAt(deadline, at('2026-11-27T14:59'))).toBe('atRisk');
    expect(cutoffStateAt(deadline, deadline)).toBe('missed');
    expect(cutoffStateAt(deadline, at('2026-11-28T09:00'))).toBe('missed');
  });

  it('no longer matters once the custodian checked, paid or it was revoked', () => {
    const late = at('2026-11-27T16:00');
    for (const status of ['00', '10', '11', '20', '21', '30', '31', '40', '41'] as const) expect(instructionCutoffState(status, deadline, late)).toBe('missed');
    for (const status of ['50', '60', '90'] as const) expect(instructionCutoffState(status, deadline, late)).toBeNull();
  });
});

describe('the value date entry offers', () => {
  it('is today before the cut-off and the next business day from it', () => {
    expect(defaultValueDate(cal, plain, at('2026-11-27T08:00'))).toBe('2026-11-27');
    expect(defaultValueDate(cal, plain, at('2026-11-27T14:59'))).toBe('2026-11-27');
    expect(defaultValueDate(cal, plain, at('2026-11-27T15:00'))).toBe('2026-11-30');
    expect(defaultValueDate(cal, plain, at('2026-11-28T10:00'))).toBe('2026-11-30');
    expect(defaultValueDate(cal, plain, at('2026-09-30T16:00'))).toBe('2026-10-08');
    expect(defaultValueDate(cal, plain, at('2026-10-09T23:00'))).toBe('2026-10-10');
  });

  it('leaves the notice period free', () => {
    const notice = { cutoffTime: '15:00', noticeHours: 8 };
    // Thursday 14:00: Friday's cut-off with 8 hours' notice is Thursday 15:00, still ahead.
    expect(defaultValueDate(cal, notice, at('2026-11-26T14:00'))).toBe('2026-11-27');
    expect(defaultValueDate(cal, notice, at('2026-11-26T15:00'))).toBe('2026-11-30');
  });
});

describe('messages', () => {
  it('say why a value date is refused and what to do', () => {
    expect(notBusinessDayMessage(cal, '2026-11-27')).toBeNull();
    expect(notBusinessDayMessage(cal, '2026-11-28')).toBe('起息日2026-11-28不是工作日（周六），请选择工作日');
    expect(notBusinessDayMessage(cal, '2026-10-05')).toBe('起息日2026-10-05不是工作日（国庆节），请选择工作日');
    expect(cutoffPassedMessage('2026-11-27', at('2026-11-27T15:00'), '2026-11-30')).toBe('起息日2026-11-27的截止时间2026-11-27 15:00已过，请选择2026-11-30或之后的工作日');
    expect(instructionCutoffMessage('ZL1', at('2026-11-27T15:00'))).toBe('指令ZL1已过截止时间（2026-11-27 15:00），请修改起息日或撤销');
    expect(atRiskMessage(['ZL1', 'ZL2'])).toBe('指令ZL1、ZL2距截止时间已不足60分钟，后续处理可能赶不上截止，请尽快处理');
  });
});

describe('a value date at one moment', () => {
  const settings: CutoffSetting[] = [{ type: '03', currency: 'CNY', cutoffTime: '15:00', noticeHours: 2 }];
  const day = custodyDayAt(at('2026-11-27T13:30'), cal, settings);
  it('is refused on a day off and once its cut-off passed, naming the first date still open', () => {
    expect(day.today).toBe('2026-11-27');
    expect(valueDateRefusal(day, { type: '01', currency: 'CNY', valueDate: '2026-11-27' })).toBeNull();
    expect(valueDateRefusal(day, { type: '01', currency: 'CNY', valueDate: '2026-11-29' })).toBe('起息日2026-11-29不是工作日（周日），请选择工作日');
    // 申购赎回款 in CNY needs two working hours' notice: 13:00 today.
    expect(valueDateRefusal(day, { type: '03', currency: 'CNY', valueDate: '2026-11-27' })).toBe('起息日2026-11-27的截止时间2026-11-27 13:00已过，请选择2026-11-30或之后的工作日');
    expect(valueDateRefusal(day, { type: '03', currency: 'USD', valueDate: '2026-11-27' })).toBeNull();
    expect(deadlineOf(day, { type: '03', currency: 'CNY', valueDate: '2026-11-30' })).toBe(at('2026-11-30T13:00'));
    expect(defaultValueDateOf(day, '03', 'CNY')).toBe('2026-11-30');
    expect(defaultValueDateOf(day, '01', 'CNY')).toBe('2026-11-27');
  });
});
