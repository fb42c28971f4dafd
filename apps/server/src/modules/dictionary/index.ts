/** Data standards (reference data). */
export { dictionaryRoutes } from './dictionary.routes';
