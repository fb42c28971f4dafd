/** Where things live on the wire (spec §9, ARCHITECTURE §3). The server reads overrides from its config. */
export const DEFAULT_API_BASE = '/pmobile';
export const DEFAULT_PUBLIC_PATH = '/zctgdzhwy';
export const DEFAULT_CUSTOMER_PREFIX = 'customer';
export const DEFAULT_GATEWAY_PREFIX = 'gateway';

/** Spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Spec §2: the two editions of the login (the signed edition: a password signed by the browser's
 * device key; the certificate edition: the bank's certificate) and the app route of each.
 */
export const LOGIN_EDITIONS = ['signed', 'certificate'] as const;
export type LoginEdition = (typeof LOGIN_EDITIONS)[number];
export const EDITION_PAGES = { signed: '/handleLoginSign', certificate: '/handleLoginCert' } as const satisfies Record<LoginEdition, string>;
