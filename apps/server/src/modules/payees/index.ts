import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { payeeRoutes } from './payees.routes';
import { PayeeDesk } from './payees.service';

export { findPayee } from './payees.queries';

/** 收款人名册 (issue 28): the enterprise's payee book, maker-checker, and the bank-code table it names banks from. */
export async function payeesModule(app: FastifyInstance, ctx: AppContext) {
  payeeRoutes(app, ctx, new PayeeDesk(ctx));
}

export { knownCnaps } from './payees.queries';
