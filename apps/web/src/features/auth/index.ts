export { logout } from './api/login';
export { ChangePasswordDialog } from './password/change-password-dialog';
export { PasswordExpiryCheck } from './password/password-expiry-check';
