/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives (spec §9 base API path), fixed at build time. */
  readonly API_BASE: string;
  /** The API's origin: '' (the page's own) or, in the plug-in build, PLUGIN_API_ORIGIN. */
  readonly API_ORIGIN: string;
  /** Spec §2: `history`, or `hash` in the plug-in build. */
  readonly ROUTER_MODE: 'history' | 'hash';
  /** The `appid` header every call carries; must match the server's APP_ID. */
  readonly APP_ID: string;
  /** Spec §7 `{prefix}` of customer calls. */
  readonly CUSTOMER_PREFIX: string;
  /** Spec §7 `{urlPrefix}` of gateway administration calls. */
  readonly GATEWAY_PREFIX: string;
}
