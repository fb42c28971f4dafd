/** The health check. */
export { healthRoutes } from './health.routes';
