/** Spec §9 base API path, fixed at build time (vite.config.ts). */
export const API_BASE: string = import.meta.env.API_BASE;

/** Spec §7 `{prefix}` for customer calls. */
export const CUSTOMER_PREFIX: string = import.meta.env.CUSTOMER_PREFIX;

/** Spec §7: every call carries `appid` and the fixed `BL: 1`. */
export const BASE_HEADERS: Readonly<Record<string, string>> = { appid: import.meta.env.APP_ID, bl: '1' };
