import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CERT_STATUS_MESSAGE } from '@portal/shared';
import { ApiError } from '../../../lib/api-error';
import { certificateDer, replaceCertificate, storedCertificate } from '../../../lib/cert-key';
import { queryByKey } from '../api/certificate-login';

const certificateKey = ['login', 'certificate'];

/**
 * The certificate stored in this browser and the bank's word on it: the username it logs in as,
 * or why it cannot (none stored, revoked, expired…). A renewal replaces the stored copy.
 */
export function useStoredCertificate(supported: boolean) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: certificateKey,
    enabled: supported,
    retry: false,
    queryFn: async () => {
      const record = await storedCertificate();
      if (!record) return { record: null, username: null, problem: CERT_STATUS_MESSAGE };
      try {
        const found = await queryByKey(certificateDer(record.certificate));
        if (found.serial !== record.serial) await replaceCertificate(found.serial, found.certificate);
        return { record: { ...record, serial: found.serial, certificate: found.certificate }, username: found.username, problem: null };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        return { record, username: record.username, problem: err.message };
      }
    },
  });
  return {
    record: data?.record ?? null,
    username: data?.username ?? null,
    problem: data?.problem ?? null,
    /** A certificate the bank accepts: it may log in. */
    ready: Boolean(data?.record && !data.problem),
    /** Reads the stored certificate again (after an enrolment). */
    reload: () => queryClient.invalidateQueries({ queryKey: certificateKey }),
  };
}

export type CurrentCertificate = ReturnType<typeof useStoredCertificate>;
