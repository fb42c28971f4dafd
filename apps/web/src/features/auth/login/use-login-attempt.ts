import type { FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useMessage } from '../../../lib/countdown-message';
import { changeTicketOf } from './change-ticket';
import { useCaptcha } from './use-captcha';

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
export function useLoginAttempt(form: FormInstance, secretFields: string[]) {
  const message = useMessage();
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  // A new key mounts a fresh password control (the old one wipes itself).
  const [controlKey, setControlKey] = useState(0);
  const [mustChange, setMustChange] = useState<ForcedChange>();

  /** Every attempt spends the captcha, right or wrong. */
  const spend = () => {
    form.setFieldValue('captcha', undefined);
    captcha.spend();
  };
  const resetSecrets = () => {
    form.resetFields(secretFields);
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
      else message.error(err.message);
      return null;
    };

  return { captcha, submitting, setSubmitting, controlKey, mustChange, spend, resetSecrets, refused, closeForcedChange: () => setMustChange(undefined) };
}

export type LoginAttempt = ReturnType<typeof useLoginAttempt>;
