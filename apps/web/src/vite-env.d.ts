/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives (spec §9 base API path), fixed at build time. */
  readonly API_BASE: string;
  /** The `appid` header every call carries; must match the server's APP_ID. */
  readonly APP_ID: string;
  /** Spec §7 `{prefix}` of customer calls. */
  readonly CUSTOMER_PREFIX: string;
  /** Spec §7 `{urlPrefix}` of gateway administration calls. */
  readonly GATEWAY_PREFIX: string;
}
