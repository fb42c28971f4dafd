import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { portalCrypto } from '@portal/crypto';
import { RETURN_CODES, SIGN_CHALLENGE_PATTERN, operationSigningData, signMsgProblem, signingDataTooLong } from '@portal/shared';
import type { DB } from '../db/schema';
import { AppError } from '../plugins/errors';
import type { AuditedSignature } from './audit';
import { sessionSigningKey } from './sessions.queries';

/**
 * Verifies the `signMsg` of the operation the request is routed to (docs/signing.md), with the
 * executor of the operation's own transaction, before its writes: the signing data is built from
 * the validated input by the contract's signing declaration, and the signature must be the
 * session's device key's (the key that signed its login, read in the same transaction). Refusals
 * are AppErrors, so the transaction rolls back and nothing is written. On success the request
 * remembers the signature, and every audit entry of the request carries it.
 *
 * `derived`: values the server establishes itself and that override the client's (a batch file's
 * SM3 and row count), so a client that claims other values fails the signature.
 *
 * The signing data ends with a challenge issued to this session (`{prefix}/signing/challenge`);
 * a valid signature spends it, so the same signed body sent again is refused (`030006`).
 * `check`: only whether it would pass (VerifySign, or a look before a later spending check), the
 * challenge left unspent.
 */
export async function verifyOperationSignature(
  trx: Kysely<DB>,
  request: FastifyRequest,
  input: unknown,
  derived: Record<string, unknown> = {},
  mode: 'spend' | 'check' = 'spend',
): Promise<AuditedSignature> {
  // The route's own contract: a service shared by several contracts verifies each by its own layout.
  const op = request.operation;
  if (!op?.signing) throw new Error(`operation ${op?.id ?? request.url} is not signed`);
  const session = request.session;
  if (!session) throw new Error(`operation ${op.id}: a signed operation needs a session`);
  const { signMsg, signChallenge } = input as { signMsg?: unknown; signChallenge?: unknown };
  const problem = signMsgProblem(signMsg);
  if (problem) throw new AppError(problem === 'missing' ? RETURN_CODES.SIGN_MISSING : RETURN_CODES.SIGN_MALFORMED);
  if (typeof signChallenge !== 'string' || !SIGN_CHALLENGE_PATTERN.test(signChallenge)) throw new AppError(RETURN_CODES.SIGN_CHALLENGE_INVALID);

  const { code, data } = operationSigningData(op, input, derived);
  if (signingDataTooLong(data)) throw new AppError(RETURN_CODES.SIGN_DATA_TOO_LONG);

  const row = await sessionSigningKey(trx, session.tokenHash);
  // Revoked since the access check let the call in: no key speaks for it any more.
  if (!row) throw new AppError(RETURN_CODES.UNAUTHENTICATED);
  if (!row.device_key) throw new AppError(RETURN_CODES.SIGN_KEY_UNKNOWN);
  const deviceKey = row.device_key;

  // A signature that is no DER, or no point on the curve, is a failed signature, not a server error.
  const valid = await portalCrypto
    .sm2Verify(deviceKey, portalCrypto.utf8Encode(data), portalCrypto.fromBase64(signMsg as string))
    .catch(() => false);
  if (!valid) throw new AppError(RETURN_CODES.SIGN_INVALID);
  // Spent only by a valid signature of this session: nobody else can burn the session's challenges.
  if (!(await request.server.signChallenges.holds(session.tokenHash, signChallenge, mode === 'spend'))) {
    throw new AppError(RETURN_CODES.SIGN_CHALLENGE_INVALID);
  }

  const signature: AuditedSignature = {
    code,
    data,
    signMsg: signMsg as string,
    deviceKey,
    // The same prefix the login audit entry names the device by.
    device: deviceKey.slice(0, 18),
    ...(row.cert_serial ? { certSerial: row.cert_serial } : {}),
  };
  request.operationSignature = signature;
  return signature;
}
