import { LOGIN_MESSAGES } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { lazyMessage } from '../../../components/lazy-feedback';
import { ApiError } from '../../../lib/api-error';
import { fetchCaptcha, type Captcha } from '../api/login';

/**
 * The login captcha (spec §2 "Login screen"): fetched on mount, refreshed on demand (a click on
 * the image) and spent by every login attempt. A failed fetch says '获取图形验证码失败！' (a 401
 * has its own dialog).
 *
 * `captcha` is there only while it can be answered: the server keeps one answer per session key,
 * so while a new one is on its way, or after an attempt spent the old one, there is none to log in
 * with (an attempt then would be refused as expired).
 */
export function useCaptcha() {
  const [state, setState] = useState<{ captcha?: Captcha; loading: boolean; failed: boolean }>({ loading: true, failed: false });
  // Only the latest fetch's answer counts.
  const latest = useRef(0);
  const fetchNew = useCallback(() => {
    const mine = ++latest.current;
    fetchCaptcha().then(
      (captcha) => mine === latest.current && setState({ captcha, loading: false, failed: false }),
      (err: unknown) => {
        if (mine !== latest.current) return;
        if (!(err instanceof ApiError && err.status === 401)) lazyMessage.error(LOGIN_MESSAGES.captchaFetchFailed);
        setState({ loading: false, failed: true });
      },
    );
  }, []);
  useEffect(() => {
    fetchNew();
    const requests = latest;
    // Unmounted: whatever answers now is for nobody.
    return () => void requests.current++;
  }, [fetchNew]);
  const load = () => {
    setState({ loading: true, failed: false });
    fetchNew();
  };
  return { ...state, refresh: load, spend: load };
}
