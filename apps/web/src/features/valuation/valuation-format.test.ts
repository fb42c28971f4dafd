import { describe, expect, it } from 'vitest';
import { change, classLabel, sumCents } from './valuation-format';

describe('valuation figures', () => {
  it('sums decimal strings exactly', () => {
    expect(sumCents(['0.10', '0.20', null, '-1.05'])).toBe('-0.75');
    expect(sumCents(['99999999999999.99', '0.01'])).toBe('100000000000000.00');
  });
  it('signs the change from the previous day', () => {
    expect(change('1.1025', '1.1000', 4)).toBe('+0.0025');
    expect(change('1000.00', '1500.50', 2)).toBe('-500.50');
    expect(change('1.0000', undefined, 4)).toBeNull();
  });
  it('labels positions by class and money lines by kind', () => {
    expect(classLabel({ type: 'position', assetClass: 'ncd' })).toBe('同业存单');
    expect(classLabel({ type: 'payable', assetClass: '' })).toBe('应付');
  });
});
