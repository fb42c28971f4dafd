/** The envelope's public calls: key negotiation and the encrypted-API list (the envelope itself is platform/envelope.plugin.ts). */
export { envelopeRoutes } from './envelope.routes';
