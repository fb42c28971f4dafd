import type { FastifyInstance } from 'fastify';
import { signingApi, type AnyOperation } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { SignChallenges } from '../../platform/sign-challenges';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { operationRoutes } from '../../plugins/operations';
import { signedRights } from '../accounts';

/** What the server establishes itself of a check's input, as its operation does. */
const DERIVED = new Map<AnyOperation, (input: never) => Record<string, unknown>>([[signingApi.verifyAccountAuth, signedRights]]);

/**
 * The single-use challenge a client signs into its next signed operation; and spec §7
 * `VerifySign/<Code>`: a signature checked exactly as its operation checks it, with nothing
 * performed, spent or written. The answer is the signing data the server built, so a client can
 * compare it with its own.
 */
export async function signingModule(app: FastifyInstance, ctx: AppContext) {
  // Every signed operation's routes share this scope: verifyOperationSignature spends from it.
  const challenges = new SignChallenges(ctx.kv);
  app.decorate('signChallenges', challenges);
  const routes = operationRoutes(app, ctx);
  routes.json(signingApi.signingChallenge, async ({ session }) => ({ challenge: await challenges.issue(session.tokenHash) }));
  for (const op of signingApi.VERIFY_SIGN_OPERATIONS) {
    routes.json(op, async ({ input, request }) => {
      // Checked, not spent: the operation itself may follow with the same challenge.
      const { code, data } = await verifyOperationSignature(ctx.database.db, request, input, DERIVED.get(op)?.(input as never), 'check');
      return { code, signingData: data };
    });
  }
}
