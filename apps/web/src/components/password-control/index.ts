export { PasswordControl, type PasswordControlProps } from './password-control';
export { PasswordEntry, type SealedPassword } from './password-entry';
export type { ControlRules } from './control-rules';
export { entryRules } from './entry-rules';
export { fetchServerRandom } from './server-random';
export { PasswordChangeFields } from './password-change-fields';
export { usePasswordChange } from './use-password-change';
