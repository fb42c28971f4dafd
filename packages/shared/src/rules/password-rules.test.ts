import { describe, expect, it } from 'vitest';
import { CONTROL_MESSAGES, PASSWORD_MESSAGES, newPasswordProblem } from '../auth';
import { COMMON_PASSWORDS } from './common-passwords';

describe('newPasswordProblem', () => {
  it("keeps spec §5's minimum: 8 to 12, a letter and a digit", () => {
    expect(newPasswordProblem('')).toBe(PASSWORD_MESSAGES.required);
    expect(newPasswordProblem('Abc1234')).toBe(PASSWORD_MESSAGES.length);
    expect(newPasswordProblem('Abc1234567890')).toBe(PASSWORD_MESSAGES.length);
    expect(newPasswordProblem('abcdefgh')).toBe(PASSWORD_MESSAGES.complexity);
    expect(newPasswordProblem('12345678')).toBe(PASSWORD_MESSAGES.complexity);
    expect(newPasswordProblem('!@#$%^&*')).toBe(PASSWORD_MESSAGES.complexity);
    expect(newPasswordProblem('Jade2026')).toBeNull();
  });

  it('allows every printable ASCII character and nothing else', () => {
    expect(newPasswordProblem('Ab1 !"#$%&')).toBeNull();
    expect(newPasswordProblem("Zy9'()*+,-./")).toBeNull();
    expect(newPasswordProblem('Ab1:;<=>?@[')).toBeNull();
    expect(newPasswordProblem('Ab1\\]^_`{|}~')).toBeNull();
    for (const bad of ['Abc1234é', 'Abc12345\t', 'Abc密码1234', 'Abc1234\u0000', 'Abc1234\u202e', 'Abc1234\u00a0']) {
      expect(newPasswordProblem(bad), JSON.stringify(bad)).toBe(CONTROL_MESSAGES.printable);
    }
  });

  it("refuses the user's name inside the password, whatever its case", () => {
    expect(newPasswordProblem('zhouyang88', 'zhouyang')).toBe(PASSWORD_MESSAGES.containsUsername);
    expect(newPasswordProblem('1ZhouYang!', 'zhouyang')).toBe(PASSWORD_MESSAGES.containsUsername);
    expect(newPasswordProblem('Zhou2026ab', 'zhouyang')).toBeNull();
    // Names shorter than three characters would refuse too much by accident.
    expect(newPasswordProblem('ab12cdef', 'ab')).toBeNull();
  });

  it('refuses the common passwords, ignoring case', () => {
    expect(newPasswordProblem('Passw0rd')).toBe(PASSWORD_MESSAGES.common);
    expect(newPasswordProblem('WOAINI1314')).toBe(PASSWORD_MESSAGES.common);
    expect(newPasswordProblem('1qaz2wsx')).toBe(PASSWORD_MESSAGES.common);
  });

  it('lists only passwords the other rules would let through, in lower case', () => {
    for (const common of COMMON_PASSWORDS) {
      expect(common, common).toBe(common.toLowerCase());
      expect(newPasswordProblem(common.toUpperCase()), common).toBe(PASSWORD_MESSAGES.common);
    }
  });
});
