import { randomBytes, timingSafeEqual } from 'node:crypto';
import { PARTNER_TOKEN_PREFIX, PARTNER_TOKEN_TTL_SECONDS } from '@portal/shared';
import { sha256Hex } from '../../sha256';
import type { AppContext } from '../../app-context';
import type { PartnerCaller } from '../../platform/access';
import { activeClient } from './partners.queries';

const tokenKey = (hash: string) => `partner-token:${hash}`;

/** A new client secret: 256 random bits, so a plain SHA-256 is enough to keep it (no guessing to slow down). */
export function newClientSecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256Hex(secret) };
}

export function newClientId() {
  return `pc_${randomBytes(12).toString('hex')}`;
}

/** Constant-time comparison of a presented secret with the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** `Authorization: Basic base64(id:secret)` (RFC 6749 §2.3.1: each part form-urlencoded), or undefined. */
export function basicCredentials(header: string | undefined): { clientId: string; secret: string } | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    return clientId && secret ? { clientId, secret } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Partner access tokens: opaque, kept as their SHA-256 in the KvStore (so valid on every
 * instance) with the client and the secret version they were issued under. Every call re-reads
 * the client, so a revocation, a rotation, a changed API set or a disabled enterprise holds at once.
 */
export class PartnerTokens {
  constructor(private readonly ctx: AppContext) {}

  async issue(clientId: string, secretVersion: number): Promise<string> {
    const token = PARTNER_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    await this.ctx.kv.set(tokenKey(sha256Hex(token)), JSON.stringify({ clientId, secretVersion }), PARTNER_TOKEN_TTL_SECONDS * 1000);
    return token;
  }

  async resolve(token: string): Promise<PartnerCaller | null> {
    if (!token.startsWith(PARTNER_TOKEN_PREFIX)) return null;
    const tokenHash = sha256Hex(token);
    const stored = await this.ctx.kv.get(tokenKey(tokenHash));
    if (!stored) return null;
    const { clientId, secretVersion } = JSON.parse(stored) as { clientId: string; secretVersion: number };
    const client = await activeClient(this.ctx.database.db, clientId);
    if (!client || client.secret_version !== secretVersion) return null;
    const seat = client.user_no && client.user_id ? { userNo: client.user_no, userId: client.user_id, authorities: client.authorities ?? [] } : null;
    return { clientId, enterpriseNo: client.enterprise_no, apiCodes: client.api_codes, tokenHash, seat };
  }
}
