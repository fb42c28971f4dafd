import { randomInt } from 'node:crypto';
import { newPasswordProblem } from '@portal/shared';

// No 0/O, 1/l/I: the password is read off a screen and typed once.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const LENGTH = 10;

/**
 * An initial or reset password: 10 characters from a CSPRNG, letters and digits with at least
 * one of each, so it passes spec §5's new-password rules. Shown once, stored only as a hash.
 */
export function oneTimePassword(username?: string): string {
  for (;;) {
    const all = LETTERS + DIGITS;
    const password = Array.from({ length: LENGTH }, () => all[randomInt(all.length)]).join('');
    if (newPasswordProblem(password, username) === null) return password;
  }
}
