import { createNodeCrypto } from './node-crypto';
import { engineChoice } from './node-engines';
import type { PortalCrypto } from './types';

// The server-side implementation: node:crypto wherever this Node line has the primitive, the
// project's own engines where it has not (node-engines.ts decides which, once, at start-up).

export const portalCrypto: PortalCrypto = createNodeCrypto(engineChoice);

export { CryptoError, type CryptoErrorCode } from './errors';
export type * from './types';
export * from './x509';
