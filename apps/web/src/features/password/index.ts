export { ChangePasswordDialog } from './change-password-dialog';
export { PasswordExpiryCheck } from './password-expiry-check';
export { usePasswordExpiryCheck } from './use-password-expiry-check';
