import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerValuationReports } from './valuation-reports';
import { valuationRoutes } from './valuation.routes';
import { ValuationDesk } from './valuation.service';

/**
 * Valuation statements (issue 29): staff import the custodian's valuation files, customers read
 * their products' statements, NAV trend and downloads; everyone reads the data formats in force.
 */
export async function valuationModule(app: FastifyInstance, ctx: AppContext) {
  valuationRoutes(app, ctx, new ValuationDesk(ctx));
  registerValuationReports();
}
