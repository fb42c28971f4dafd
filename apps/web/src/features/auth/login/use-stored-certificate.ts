import { CERT_STATUS_MESSAGE } from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { certificateDer } from '../../../lib/cert-enrolment';
import { replaceCertificate, storedCertificate, type StoredCertificate } from '../../../lib/cert-key';
import { queryByKey } from '../api/certificate-login';

/**
 * The certificate stored in this browser: the username it was issued to, as kept at enrolment.
 * The bank says whether it may log in (revoked, frozen, expired…) only to the holder of its key,
 * so only once the PIN has opened it: `confirm`.
 */
export function useStoredCertificate(supported: boolean) {
  const [refusal, setRefusal] = useState<string | null>(null);
  // undefined while it is being read; null when none is stored.
  const [data, setData] = useState<StoredCertificate | null>();
  const read = useCallback(() => storedCertificate().then(setData, () => setData(undefined)), []);
  useEffect(() => {
    if (supported) void read();
  }, [supported, read]);
  const record = data ?? null;
  return {
    record,
    username: record?.username ?? null,
    problem: refusal ?? (data === null ? CERT_STATUS_MESSAGE : null),
    /** A certificate is stored: it may try to log in. */
    ready: Boolean(record),
    /**
     * With the unlocked key: the login the bank binds to the certificate and its current copy (a
     * renewal replaces the stored one, base64 DER as the login sends it); null, the refusal shown.
     */
    confirm: async (privateKey: string): Promise<{ username: string; certificate: string } | null> => {
      if (!record) return null;
      try {
        const found = await queryByKey(certificateDer(record.certificate), privateKey);
        if (found.serial !== record.serial) {
          await replaceCertificate(found.serial, found.certificate);
          await read();
        }
        setRefusal(null);
        return { username: found.username, certificate: certificateDer(found.certificate) };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        setRefusal(err.message);
        return null;
      }
    },
    /** Reads the stored certificate again (after an enrolment). */
    reload: () => {
      setRefusal(null);
      return read();
    },
  };
}

export type CurrentCertificate = ReturnType<typeof useStoredCertificate>;
