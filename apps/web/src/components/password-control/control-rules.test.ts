import { CONTROL_MESSAGES, PASSWORD_MESSAGES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { controlProblem } from './control-rules';

describe('controlProblem (spec §5 "Secure password control")', () => {
  it('names the placeholder when empty, or asks for the password', () => {
    expect(controlProblem('', 'control')).toBe('请输入密码!');
    expect(controlProblem('', 'login', 'password')).toBe('please enter password!');
  });

  it('takes 6 to 32 characters, the login field from 4', () => {
    expect(controlProblem('ab1', 'login')).toBe(CONTROL_MESSAGES.length(4, 32));
    expect(controlProblem('ab12', 'login')).toBeNull();
    expect(controlProblem('abc12', 'control')).toBe(CONTROL_MESSAGES.length(6, 32));
    expect(controlProblem('abc123', 'control')).toBeNull();
    expect(controlProblem(`a${'1'.repeat(31)}`, 'control')).toBeNull();
    expect(controlProblem(`a${'1'.repeat(32)}`, 'control')).toBe(CONTROL_MESSAGES.length(6, 32));
  });

  it('wants letters and digits mixed; other printable characters are allowed', () => {
    expect(controlProblem('abcdefg', 'control')).toBe(CONTROL_MESSAGES.mixed);
    expect(controlProblem('1234567', 'control')).toBe(CONTROL_MESSAGES.mixed);
    expect(controlProblem('ab 12!~', 'control')).toBeNull();
  });

  it('applies the new-password rules to new passwords', () => {
    expect(controlProblem('Abc1234', 'new')).toBe(PASSWORD_MESSAGES.length);
    expect(controlProblem('Abc1234567890', 'new')).toBe(PASSWORD_MESSAGES.length);
    expect(controlProblem('Abcdefg!', 'new')).toBe(PASSWORD_MESSAGES.complexity);
    expect(controlProblem('Abc1234!', 'new')).toBeNull();
    expect(controlProblem('Passw0rd', 'new')).toBe(PASSWORD_MESSAGES.common);
    expect(controlProblem('abcdefgh', 'new')).toBe(PASSWORD_MESSAGES.complexity);
    expect(controlProblem('Jade2026', 'new')).toBeNull();
  });
});
