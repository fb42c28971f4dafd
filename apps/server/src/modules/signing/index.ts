import type { FastifyInstance } from 'fastify';
import { signingApi, type AnyOperation } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { operationRoutes } from '../../plugins/operations';
import { signedRights } from '../accounts';

/** What the server establishes itself of a check's input, as its operation does. */
const DERIVED = new Map<AnyOperation, (input: never) => Record<string, unknown>>([[signingApi.verifyAccountAuth, signedRights]]);

/**
 * Spec §7 `VerifySign/<Code>`: a signature checked exactly as its operation checks it, with
 * nothing performed and nothing written. The answer is the signing data the server built, so a
 * client can compare it with its own.
 */
export async function signingModule(app: FastifyInstance, ctx: AppContext) {
  const routes = operationRoutes(app, ctx);
  for (const op of signingApi.VERIFY_SIGN_OPERATIONS) {
    routes.json(op, async ({ input, request }) => {
      const { code, data } = await verifyOperationSignature(ctx.database.db, request, input, DERIVED.get(op)?.(input as never));
      return { code, signingData: data };
    });
  }
}
