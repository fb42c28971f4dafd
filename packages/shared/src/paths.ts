/** Where things live on the wire (spec §9, ARCHITECTURE §3). The server reads overrides from its config. */
export const DEFAULT_API_BASE = '/pmobile';
export const DEFAULT_PUBLIC_PATH = '/zctgdzhwy';
export const DEFAULT_CUSTOMER_PREFIX = 'customer';
export const DEFAULT_GATEWAY_PREFIX = 'gateway';

/** Spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 20_000;
