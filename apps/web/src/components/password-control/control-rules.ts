import {
  CONTROL_LOGIN_PASSWORD_MIN,
  CONTROL_MESSAGES,
  CONTROL_PASSWORD_MAX,
  CONTROL_PASSWORD_MIN,
  newPasswordProblem,
} from '@portal/shared';

/**
 * Which rules a control applies (spec §5): 'control' 6 to 32 letters and digits mixed, 'login'
 * the same from 4, 'new' the new-password rules (8 to 12, a letter and a digit, not a common password).
 * Printable ASCII is enforced as the user types (SecretBuffer refuses anything else).
 */
export type ControlRules = 'control' | 'login' | 'new';

/** The first broken rule's message for a typed password, or null. */
export function controlProblem(password: string, rules: ControlRules, placeholder?: string): string | null {
  if (!password) return placeholder ? CONTROL_MESSAGES.emptyWithPlaceholder(placeholder) : CONTROL_MESSAGES.empty;
  if (rules === 'new') return newPasswordProblem(password);
  const min = rules === 'login' ? CONTROL_LOGIN_PASSWORD_MIN : CONTROL_PASSWORD_MIN;
  if (password.length < min || password.length > CONTROL_PASSWORD_MAX) return CONTROL_MESSAGES.length(min, CONTROL_PASSWORD_MAX);
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return CONTROL_MESSAGES.mixed;
  return null;
}
