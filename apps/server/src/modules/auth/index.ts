/** Identity: captcha, login and logout, the password flows and the services they share (docs/platform/sessions-and-login.md). */
export { createAuthServices, type AuthServices } from './auth-services';
export { loginRoutes } from './login.routes';
export { passwordRoutes } from './password.routes';

// What the certificate edition and the staff administration share with this module.
export { attemptsLeftMessage, type Credentials } from './credentials';
export { login, signatureValid, type CertificateCheck } from './login.service';
export { openPassword } from './password-envelope';
export { hashPassword } from './password-hash';
