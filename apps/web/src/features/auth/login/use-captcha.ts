import { useQuery } from '@tanstack/react-query';
import { LOGIN_MESSAGES } from '@portal/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { fetchCaptcha } from '../api/login';
import { useMessage } from '../../../lib/countdown-message';

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
  const message = useMessage();
  const query = useQuery({
    queryKey: ['login', 'captcha'],
    queryFn: async () => {
      try {
        return await fetchCaptcha();
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 401)) message.error(LOGIN_MESSAGES.captchaFetchFailed);
        throw err;
      }
    },
    // A captcha is good for one attempt: never reuse a cached one.
    staleTime: 0,
    gcTime: 0,
  });
  // When the shown captcha was spent: it is good again only once a newer one has arrived.
  const [spentAt, setSpentAt] = useState(0);
  const usable = !query.isFetching && query.dataUpdatedAt > spentAt;
  return {
    captcha: usable ? query.data : undefined,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
    spend: () => {
      setSpentAt(query.dataUpdatedAt);
      void query.refetch();
    },
  };
}
