import { useState } from 'react';
import { lazyMessage } from '../../../components/lazy-feedback';
import { ApiError } from '../../../lib/api-error';
import { changeTicketOf } from './change-ticket';
import type { CredentialValues } from './credential-fields';
import { useCaptcha } from './use-captcha';
import type { Fields } from './use-fields';

/** A login refused with 040007: the forced password change it opens. */
export interface ForcedChange {
  username: string;
  reason: string;
  changeTicket: string;
}

/**
 * What the attempts of both login editions share: the captcha every attempt spends, the busy
 * flag, the password control a new key wipes, and the forced change a 040007 answer opens.
 * `secretFields` are the fields emptied with the password control.
 */
export function useLoginAttempt<T extends CredentialValues>(fields: Fields<T>, secretFields: (keyof T)[]) {
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  // A new key mounts a fresh password control (the old one wipes itself).
  const [controlKey, setControlKey] = useState(0);
  const [mustChange, setMustChange] = useState<ForcedChange>();

  /** Every attempt spends the captcha, right or wrong. */
  const spend = () => {
    fields.setQuietly('captcha', undefined);
    captcha.spend();
  };
  const resetSecrets = () => {
    fields.reset(secretFields);
    setControlKey((k) => k + 1);
  };
  /** The catch of a login call: the captcha is spent; 040007 carries the single-use ticket the forced change must present, any other refusal is said. */
  const refused =
    (username: string) =>
    (err: unknown): null => {
      spend();
      if (!(err instanceof ApiError)) throw err;
      const changeTicket = changeTicketOf(err);
      if (changeTicket) setMustChange({ username, reason: err.message, changeTicket });
      else lazyMessage.error(err.message);
      return null;
    };

  return { captcha, submitting, setSubmitting, controlKey, mustChange, spend, resetSecrets, refused, closeForcedChange: () => setMustChange(undefined) };
}

export type LoginAttempt = ReturnType<typeof useLoginAttempt>;
