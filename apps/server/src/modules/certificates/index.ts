import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth';
import type { CertificateAuthority } from './ca';
import { certificateRoutes } from './certificates.routes';
import { CertificateDesk } from './certificates.service';

/** The certificate edition (issue 14): the bank's CA, staff 证书管理, enrolment and certificate login. */
export async function certificatesModule(app: FastifyInstance, auth: AuthServices, ca: CertificateAuthority) {
  certificateRoutes(app, auth.ctx, auth, new CertificateDesk(auth, ca));
}

export { loadCertificateAuthority, type CertificateAuthority } from './ca';
export { loadBankSigner } from './bank-signer';
