import { describe, expect, it } from 'vitest';
import { fieldRules, requiredMessage, validateTriggerFor } from './field-rules';

const accountNo = { nameZh: '账号', checkRule: '^\\d{10,32}$', prompt: '账号应为10到32位数字' };

describe('fieldRules', () => {
  it("gives required fields the spec message '{label}不能为空！'", () => {
    expect(requiredMessage('账号')).toBe('账号不能为空！');
    expect(fieldRules({ name: 'accountNo', type: 'text', required: true }, accountNo, '账号')[0]).toEqual({
      required: true,
      whitespace: true,
      message: '账号不能为空！',
    });
    expect(fieldRules({ name: 'currency', type: 'select', required: true }, undefined, '币种')).toEqual([
      { required: true, message: '币种不能为空！' },
    ]);
    expect(fieldRules({ name: 'channels', type: 'checkbox', required: true }, undefined, '渠道')).toEqual([
      { required: true, type: 'array', message: '渠道不能为空！' },
    ]);
  });

  it('applies the dictionary checkRule with its prompt to text and textarea fields only', () => {
    const [, rule] = fieldRules({ name: 'accountNo', type: 'text', required: true }, accountNo, '账号');
    expect(rule).toMatchObject({ message: '账号应为10到32位数字' });
    const pattern = (rule as { pattern: RegExp }).pattern;
    expect(pattern.test('6228480012345678901')).toBe(true);
    expect(pattern.test('62284800')).toBe(false);
    expect(fieldRules({ name: 'memo', type: 'textarea' }, accountNo, '账号')).toHaveLength(1);
    expect(fieldRules({ name: 'accountNo', type: 'select' }, accountNo, '账号')).toEqual([]);
  });

  it('falls back to a generic prompt, skips a broken checkRule and appends the field rules', () => {
    const own = { max: 5, message: '太长' };
    expect(fieldRules({ name: 'x', type: 'text', rules: [own] }, { checkRule: '^a$' }, '代码')).toEqual([
      { pattern: /^a$/, message: '代码格式不正确' },
      own,
    ]);
    expect(fieldRules({ name: 'x', type: 'text' }, { checkRule: '(' }, '代码')).toEqual([]);
  });
});

describe('validateTriggerFor', () => {
  it('validates on blur, on change for switches and choice controls', () => {
    expect(validateTriggerFor('text')).toBe('onBlur');
    expect(validateTriggerFor('textarea')).toBe('onBlur');
    expect(validateTriggerFor('number')).toBe('onBlur');
    expect(validateTriggerFor('switch')).toBe('onChange');
    expect(validateTriggerFor('radio')).toBe('onChange');
    expect(validateTriggerFor('select')).toEqual(['onChange', 'onBlur']);
  });
});
