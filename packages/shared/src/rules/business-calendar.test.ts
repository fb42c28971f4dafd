import { describe, expect, it } from 'vitest';
import { businessCalendar, calendarKindProblem, calendarKindsFor, isWeekend, type CalendarDay } from './business-calendar';

// Part of the 2026 schedule as the State Council published it (holidays and the weekend days worked
// instead), and a made-up exchange closure.
const holidays = (name: string, from: string, to: string): CalendarDay[] => {
  const out: CalendarDay[] = [];
  for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) out.push({ date: d, kind: 'holiday', name });
  return out;
};
const DAYS_2026: CalendarDay[] = [
  ...holidays('元旦', '2026-01-01', '2026-01-03'),
  { date: '2026-01-04', kind: 'workday', name: '元旦调休' },
  { date: '2026-02-14', kind: 'workday', name: '春节调休' },
  ...holidays('春节', '2026-02-15', '2026-02-23'),
  { date: '2026-02-28', kind: 'workday', name: '春节调休' },
  ...holidays('劳动节', '2026-05-01', '2026-05-05'),
  { date: '2026-05-09', kind: 'workday', name: '劳动节调休' },
  ...holidays('国庆节', '2026-10-01', '2026-10-07'),
  { date: '2026-10-10', kind: 'workday', name: '国庆节调休' },
  { date: '2026-07-15', kind: 'exchangeClosed', name: '台风停市' },
];
const cal = businessCalendar(DAYS_2026);

describe('business calendar', () => {
  it('keeps Monday to Friday open and the weekend shut where nothing is marked', () => {
    expect(isWeekend('2026-11-28')).toBe(true); // Saturday
    expect(cal.isBusinessDay('2026-11-27')).toBe(true); // Friday
    expect(cal.isBusinessDay('2026-11-28')).toBe(false);
    expect(cal.isBusinessDay('2026-11-29')).toBe(false);
    expect(cal.isExchangeDay('2026-11-27')).toBe(true);
    expect(cal.isExchangeDay('2026-11-29')).toBe(false);
    expect(businessCalendar([]).isBusinessDay('2027-03-01')).toBe(true);
  });

  it('shuts holidays and opens the bank, not the exchange, on 调休 weekends', () => {
    expect(cal.isBusinessDay('2026-02-16')).toBe(false); // a Monday in the Spring Festival
    expect(cal.isExchangeDay('2026-02-16')).toBe(false);
    expect(cal.isBusinessDay('2026-02-14')).toBe(true); // a Saturday worked
    expect(cal.isExchangeDay('2026-02-14')).toBe(false);
    expect(cal.isBusinessDay('2026-07-15')).toBe(true); // exchange closed, bank open
    expect(cal.isExchangeDay('2026-07-15')).toBe(false);
    expect(cal.dayOf('2026-10-10')).toEqual({ date: '2026-10-10', kind: 'workday', name: '国庆节调休' });
    expect(cal.dayOf('2026-10-12')).toBeUndefined();
  });

  it('counts the business days of a whole year', () => {
    let bank = 0;
    let exchange = 0;
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      if (cal.isBusinessDay(day)) bank += 1;
      if (cal.isExchangeDay(day)) exchange += 1;
    }
    // 261 weekdays, 16 of them holidays here, 5 weekend days worked; the exchange also shuts one weekday.
    expect(bank).toBe(261 - 16 + 5);
    expect(exchange).toBe(261 - 16 - 1);
  });

  it('steps to the next and previous business day across holidays and 调休', () => {
    expect(cal.nextBusinessDay('2026-02-13')).toBe('2026-02-14'); // Friday → the Saturday worked
    expect(cal.nextBusinessDay('2026-02-14')).toBe('2026-02-24'); // over the whole festival
    expect(cal.previousBusinessDay('2026-02-24')).toBe('2026-02-14');
    expect(cal.nextBusinessDay('2026-09-30')).toBe('2026-10-08');
    expect(cal.previousBusinessDay('2026-10-08')).toBe('2026-09-30');
    expect(cal.nextBusinessDay('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(cal.businessDayOnOrAfter('2026-11-27')).toBe('2026-11-27');
    expect(cal.businessDayOnOrAfter('2026-11-28')).toBe('2026-11-30');
    expect(cal.nextBusinessDay('2026-12-31')).toBe('2027-01-01'); // nothing marked for 2027 yet
  });

  it('counts working hours between two instants in Beijing time, whatever the zone they are written in', () => {
    // Friday 2026-11-27 14:00 Beijing = 06:00Z to Monday 11:00 Beijing: 3 h Friday + 2 h Monday.
    expect(cal.businessHoursBetween('2026-11-27T06:00:00Z', '2026-11-30 11:00')).toBe(5);
    expect(cal.businessHoursBetween('2026-11-27 14:00', '2026-11-27 14:30')).toBe(0.5);
    expect(cal.businessHoursBetween('2026-11-27 18:00', '2026-11-28 12:00')).toBe(0); // evening and a Saturday
    expect(cal.businessHoursBetween('2026-02-13 16:00', '2026-02-24 10:00')).toBe(1 + 8 + 1); // Fri, the Saturday worked, Tue
    expect(cal.businessHoursBetween('2026-11-30 10:00', '2026-11-27 10:00')).toBe(0);
    expect(cal.businessHoursBetween(new Date('2026-11-30T01:00:00Z'), Date.parse('2026-11-30T02:30:00Z'))).toBe(1.5);
    expect(cal.businessHoursBetween('2026-11-30 08:00', '2026-11-30 20:00', { open: 9 * 60 + 30, close: 15 * 60 })).toBe(5.5);
  });

  it('refuses dates that are not yyyy-MM-dd and instants it cannot read', () => {
    expect(() => cal.isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => cal.isBusinessDay('20261127')).toThrow(RangeError);
    expect(() => businessCalendar([{ date: '2026-13-01', kind: 'holiday', name: 'x' }])).toThrow(RangeError);
    expect(() => cal.businessHoursBetween('soon', '2026-11-30 10:00')).toThrow(RangeError);
  });

  it('allows a 调休 workday on a weekend only and an exchange closure on a weekday only', () => {
    expect(calendarKindsFor('2026-11-28')).toEqual(['holiday', 'workday']); // Saturday
    expect(calendarKindsFor('2026-11-30')).toEqual(['holiday', 'exchangeClosed']); // Monday
    expect(calendarKindProblem('2026-11-30', 'workday')).toBe('调休上班日须为周六或周日');
    expect(calendarKindProblem('2026-11-29', 'exchangeClosed')).toBe('交易所休市日须为周一至周五（周末本就休市）');
    expect(calendarKindProblem('2026-11-29', 'holiday')).toBeNull();
  });

  it('lets a later mark of a day replace an earlier one', () => {
    const c = businessCalendar([{ date: '2026-11-30', kind: 'holiday', name: 'a' }, { date: '2026-11-30', kind: 'exchangeClosed', name: 'b' }]);
    expect(c.isBusinessDay('2026-11-30')).toBe(true);
    expect(c.isExchangeDay('2026-11-30')).toBe(false);
  });
});
