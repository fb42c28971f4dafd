import { describe, expect, it } from 'vitest';
import { compilePattern, dateFormat, entryFor, fieldLabel, maskValue, toSelectOptions } from './dictionary';
import type { Dictionary } from './types';

const dictionary: Dictionary = {
  mobile: { nameZh: '手机号码', regex: '^(\\d{3})\\d{4}(\\d{4})$', replacement: '$1****$2' },
  'cardType_2.0': { nameZh: '卡类型' },
};

describe('entryFor and fieldLabel', () => {
  it('looks an entry up by code or code_version and labels from it unless the field says otherwise', () => {
    const entry = entryFor(dictionary, { name: 'phone', type: 'text', dict: 'mobile' });
    expect(fieldLabel({ name: 'phone', type: 'text' }, entry)).toBe('手机号码');
    expect(fieldLabel({ name: 'phone', type: 'text', label: '联系电话' }, entry)).toBe('联系电话');
    expect(entryFor(dictionary, { name: 'card', type: 'select', dict: 'cardType_2.0' })?.nameZh).toBe('卡类型');
    expect(fieldLabel({ name: 'remark', type: 'text' }, entryFor(dictionary, { name: 'remark', type: 'text' }))).toBe('remark');
  });
});

describe('toSelectOptions', () => {
  it('reads every spelling of spec §3 option items', () => {
    expect(
      toSelectOptions([
        { key: 'CNY', value: '人民币' },
        { code: '00', name: '正常' },
        { id: 3, text: '第三' },
        { code: 'X', desc: '说明' },
        { code: 'Y' },
        { name: '无键' },
      ]),
    ).toEqual([
      { value: 'CNY', label: '人民币' },
      { value: '00', label: '正常' },
      { value: 3, label: '第三' },
      { value: 'X', label: '说明' },
      { value: 'Y', label: 'Y' },
    ]);
    expect(toSelectOptions(undefined)).toEqual([]);
  });
});

describe('dateFormat', () => {
  it('turns Java patterns into dayjs formats and defaults to yyyy-MM-dd', () => {
    expect(dateFormat({ pattern: 'yyyy-MM-dd' })).toBe('YYYY-MM-DD');
    expect(dateFormat({ pattern: 'yyyyMMdd HH:mm:ss' })).toBe('YYYYMMDD HH:mm:ss');
    expect(dateFormat({ pattern: 'YYYY/MM/DD' })).toBe('YYYY/MM/DD');
    expect(dateFormat({ pattern: ' ' })).toBe('YYYY-MM-DD');
    expect(dateFormat(undefined)).toBe('YYYY-MM-DD');
  });
});

describe('compilePattern', () => {
  it('compiles dictionary rules and gives null for none or a broken one', () => {
    expect(compilePattern('^\\d{10}$')?.test('1000000001')).toBe(true);
    expect(compilePattern(undefined)).toBeNull();
    expect(compilePattern('([')).toBeNull();
  });
});

describe('maskValue', () => {
  it('masks with the dictionary regex and replacement', () => {
    expect(maskValue('13812345678', dictionary.mobile)).toBe('138****5678');
    expect(maskValue('6228480012345678901', { regex: '^(\\d{6})\\d+(\\d{4})$', replacement: '$1******$2' })).toBe(
      '622848******8901',
    );
  });
  it('leaves values the regex does not match, and entries without a mask, as they are', () => {
    expect(maskValue('12345', dictionary.mobile)).toBe('12345');
    expect(maskValue('13812345678', { nameZh: '备注' })).toBe('13812345678');
    expect(maskValue('', dictionary.mobile)).toBe('');
  });
  it('hides everything when the regex is broken', () => {
    expect(maskValue('13812345678', { regex: '(', replacement: '$1' })).toBe('***********');
  });
});
