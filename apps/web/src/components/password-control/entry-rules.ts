import type { FormRule as Rule } from 'antd';
import type { PasswordEntry } from './password-entry';

type Check = (entry: PasswordEntry | undefined) => string | null;

// A refused keystroke is explained first, whatever the rule.
const validator = (check: Check) => (_: unknown, entry?: PasswordEntry) => {
  const message = entry?.refusal ?? check(entry);
  return message ? Promise.reject(new Error(message)) : Promise.resolve();
};

/**
 * antd Form rules over a PasswordControl's entry, each with the caller's spec §5 message. Apart
 * from `required`, a rule passes while nothing is typed; with `validateFirst` a field shows one
 * message at a time.
 */
export const entryRules = {
  required: (message: string): Rule => ({ validator: validator((entry) => (entry?.length ? null : message)) }),
  minLength: (min: number, message: string): Rule => ({
    validator: validator((entry) => (entry?.length && entry.length < min ? message : null)),
  }),
  /** The control's own rules (spec §5 "Secure password control", or the new-password rules). */
  valid: (): Rule => ({ validator: validator((entry) => (entry?.length ? entry.problem : null)) }),
  /** Equal to the entry of another field of the form. */
  sameAs:
    (field: string, message: string): Rule =>
    (form) => ({
      validator: validator((entry) =>
        entry?.length && !entry.sameAs(form.getFieldValue(field) as PasswordEntry | undefined) ? message : null,
      ),
    }),
};
