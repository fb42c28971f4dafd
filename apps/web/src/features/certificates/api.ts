import { certificatesApi, type OperationInput } from '@portal/shared';
import { http } from '../../lib/http';

export const certificatesKey = ['certificates'];

export const listCertificates = (input: OperationInput<typeof certificatesApi.certQuery>) => http.call(certificatesApi.certQuery, input);
export const issueActivationCode = (username: string) => http.call(certificatesApi.certActivationCode, { username });
export const freezeCertificate = (serial: string) => http.call(certificatesApi.certFreeze, { serial });
export const unfreezeCertificate = (serial: string) => http.call(certificatesApi.certUnfreeze, { serial });
export const revokeCertificate = (serial: string, reason: string) => http.call(certificatesApi.certRevoke, { serial, reason });
export const renewCertificate = (serial: string) => http.call(certificatesApi.certRenew, { serial });
export const restorePasswordLogin = (serial: string) => http.call(certificatesApi.certRestorePassword, { serial });
