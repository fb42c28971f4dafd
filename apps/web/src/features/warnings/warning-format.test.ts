import type { PreCleaningRecord } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { priceOf, totalsOf } from './warning-format';

describe('warning formats', () => {
  it('prints NAVs and prices with two decimals at least and no trailing zeros beyond', () => {
    expect(priceOf('27.4600')).toBe('27.46');
    expect(priceOf('1.0000')).toBe('1.00');
    expect(priceOf('0.8450')).toBe('0.845');
    expect(priceOf('0.3333')).toBe('0.3333');
  });

  it('totals amounts exactly, per currency', () => {
    const row = (shortfall: string, currency: string) => ({ shortfall, currency }) as PreCleaningRecord;
    expect(totalsOf([row('0.10', 'CNY'), row('0.20', 'CNY'), row('12345678901234567.89', 'CNY')], (r) => r.shortfall)).toBe('￥ 12,345,678,901,234,568.19');
    expect(totalsOf([row('1.00', 'CNY'), row('2.50', 'USD')], (r) => r.shortfall)).toBe('￥ 1.00；$ 2.50');
  });
});
