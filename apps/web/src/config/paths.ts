import { EDITION_PAGES } from '@portal/shared';

/** Every static route of spec §2 in one place; features link through these, never by literal. */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  handleLoginSign: EDITION_PAGES.signed,
  handleLoginCert: EDITION_PAGES.certificate,
  securityControlHelp: '/help/securityControl',
  unauthorized: '/401',
  diagnostics: '/diagnostics',
  iframe: '/iframe',
  /** Spec §2 `passwordModification`: the change of one's own password, as a console page. */
  passwordModification: '/passwordModification',
  /** The phone's confirmation of a scan-code login (the QR code's address). */
  scanConfirm: '/scan',
} as const;

/** The login page's addresses (spec §2): one page, two editions. */
export const loginPaths: readonly string[] = [paths.login, paths.handleLoginSign, paths.handleLoginCert];
