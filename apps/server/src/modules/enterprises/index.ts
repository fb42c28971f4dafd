import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth';
import { enterpriseRoutes } from './enterprises.routes';
import { EnterpriseAdmin } from './enterprises.service';

/** Staff administration of enterprises (`{prefix}/enterprise…`). */
export async function enterpriseAdminModule(app: FastifyInstance, auth: AuthServices) {
  enterpriseRoutes(app, auth, new EnterpriseAdmin(auth));
}
