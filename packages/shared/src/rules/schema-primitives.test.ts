import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, INT4_ID_MESSAGE, INT4_MAX, int4Id, isIllFormed, plainText, wellFormed } from './schema-primitives';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('plainText', () => {
  it('refuses C0 control characters and DEL, with the message given', () => {
    for (const bad of ['a\u0000b', '\u0001', 'tab\there', 'line\n', '\u001F', 'del\u007F']) {
      expect(firstMessage(plainText().safeParse(bad))).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    expect(firstMessage(plainText('昵称不能包含控制字符').safeParse('x\u0000'))).toBe('昵称不能包含控制字符');
  });

  it('refuses format characters (bidi overrides and isolates, zero-width marks, the BOM)', () => {
    for (const bad of ['付款\u202Egpj.exe', 'a\u2066b', 'a\u200Bb', 'a\u200Db', '\uFEFFname', 'a\u061Cb', 'a\u00ADb']) {
      expect(firstMessage(plainText('用户名不能包含控制字符').safeParse(bad)), JSON.stringify(bad)).toBe('用户名不能包含控制字符');
    }
  });

  it('takes any other text and chains with the field rules', () => {
    expect(plainText().safeParse('张晓明 demo_01 \u00A0€').success).toBe(true);
    const name = plainText().trim().min(1, '必填').max(4);
    expect(name.parse('  ab  ')).toBe('ab');
    expect(firstMessage(name.safeParse('   '))).toBe('必填');
  });
});

describe('int4Id', () => {
  it('takes 1 to 2147483647', () => {
    expect(int4Id().parse(1)).toBe(1);
    expect(int4Id().parse(INT4_MAX)).toBe(INT4_MAX);
  });

  it('refuses what PostgreSQL int4 cannot hold, and non-integers, with one message', () => {
    for (const bad of [0, -1, INT4_MAX + 1, 1.5, Number.NaN, '1', null]) {
      expect(firstMessage(int4Id().safeParse(bad))).toBe(INT4_ID_MESSAGE);
    }
  });
});

describe('lone surrogates', () => {
  it('finds a surrogate without its pair, and leaves pairs (😀) alone', () => {
    for (const bad of ['x\udc00\ud800y', '\ud83d', '\ude00x', '😀\ude00', 'a\ud800']) expect(isIllFormed(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['😀', 'ab', '中文', '', '𠮷野家']) expect(isIllFormed(good), good).toBe(false);
  });

  it('replaces each lone one with U+FFFD as a UTF-8 encoder does', () => {
    expect(wellFormed('x\udc00\ud800y')).toBe('x\ufffd\ufffdy');
    expect(wellFormed('😀\ude00')).toBe('😀\ufffd');
    expect(Buffer.from(wellFormed('a\ud800b')).toString()).toBe(Buffer.from('a\ud800b').toString());
  });
});
