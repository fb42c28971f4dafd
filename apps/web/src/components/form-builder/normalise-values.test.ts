import { describe, expect, it } from 'vitest';
import { isSwitchOn, normaliseValues, switchValue } from './normalise-values';
import type { FormField } from './types';

const fields: FormField[] = [
  { name: 'accountName', type: 'text' },
  { name: 'remark', type: 'textarea' },
  { name: 'termDays', type: 'number' },
  { name: 'autoRenew', type: 'switch' },
  { name: 'currency', type: 'select' },
];

describe('normaliseValues', () => {
  it('trims text inputs but not textareas', () => {
    const values = normaliseValues(fields, { accountName: '  华夏远航稳健1号 ', remark: '  第一行\n  第二行  ' });
    expect(values.accountName).toBe('华夏远航稳健1号');
    expect(values.remark).toBe('  第一行\n  第二行  ');
  });

  it('sends an empty number as null and keeps zero', () => {
    expect(normaliseValues(fields, {}).termDays).toBeNull();
    expect(normaliseValues(fields, { termDays: '' }).termDays).toBeNull();
    expect(normaliseValues(fields, { termDays: null }).termDays).toBeNull();
    expect(normaliseValues(fields, { termDays: 0 }).termDays).toBe(0);
  });

  it('sends switches as 1/0, an untouched one as 0', () => {
    expect(normaliseValues(fields, {}).autoRenew).toBe(0);
    expect(normaliseValues(fields, { autoRenew: 1 }).autoRenew).toBe(1);
    expect(normaliseValues(fields, { autoRenew: '1' }).autoRenew).toBe(1);
  });

  it('passes other values through and leaves the input untouched', () => {
    const input = { currency: 'CNY', extra: ' x ', accountName: ' a ' };
    expect(normaliseValues(fields, input)).toMatchObject({ currency: 'CNY', extra: ' x ', accountName: 'a' });
    expect(input.accountName).toBe(' a ');
  });
});

describe('switch values', () => {
  it('maps between the switch and 1/0', () => {
    expect(switchValue(true)).toBe(1);
    expect(switchValue(false)).toBe(0);
    expect([1, '1', true, 0, '0', undefined, null].map(isSwitchOn)).toEqual([true, true, true, false, false, false, false]);
  });
});
