/** Names on the wire of the crypto envelope (docs/wire.md), shared by the server and the web client. */
export const ENVELOPE_HEADERS = {
  appId: 'appid',
  rev: 'rev',
  bl: 'bl',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  sign: 'x-sign',
  /** The catalogue version of the client's API list (sent back by `initial/api/list`). */
  apiVersion: 'x-api-version',
} as const;

/** Spec §7: the fixed header BL=1. */
export const BL_VALUE = '1';

/** docs/wire.md anti-replay: a timestamp more than this far from the server clock is refused. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** Associated data binding a ciphertext to its call (and direction). */
export function envelopeAad(method: string, pathname: string, direction: 'request' | 'response'): string {
  const base = `${method.toUpperCase()} ${pathname}`;
  return direction === 'request' ? base : `${base} response`;
}

/** The string the anti-replay HMAC covers. */
export function replaySigningString(method: string, pathname: string, timestamp: string, nonce: string, bodyDigestHex: string) {
  return [method.toUpperCase(), pathname, timestamp, nonce, bodyDigestHex].join('\n');
}
