import { operationPath, type AnyOperation } from '@portal/shared';

/** Spec §9 base API path, fixed at build time (vite.config.ts). */
export const API_BASE: string = import.meta.env.API_BASE;

/** Spec §9: the API's origin: this page's own (''), or http://localhost:8888 for the plug-in build. */
const API_ORIGIN: string = import.meta.env.API_ORIGIN;

/** Where a request for `pathname` goes; envelopes and signatures name the pathname alone. */
export const apiUrl = (pathname: string): string => `${API_ORIGIN}${pathname}`;

const prefixes = { customerPrefix: import.meta.env.CUSTOMER_PREFIX, gatewayPrefix: import.meta.env.GATEWAY_PREFIX };

/** An operation's path under API_BASE, with the `{prefix}`/`{urlPrefix}` this build was made for. */
export const pathOf = (op: Pick<AnyOperation, 'path'>): string => operationPath(op, prefixes);

/** Spec §7: every call carries `appid` and the fixed `BL: 1`. */
export const BASE_HEADERS: Readonly<Record<string, string>> = { appid: import.meta.env.APP_ID, bl: '1' };
