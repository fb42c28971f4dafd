import { useQuery } from '@tanstack/react-query';
import { LOGIN_MESSAGES } from '@portal/shared';
import { App } from 'antd';
import { ApiError } from '../../lib/http';
import { fetchCaptcha } from './api';

/**
 * The login captcha (spec §2 "Login screen"): fetched on mount, refreshed on demand (a click on
 * the image, every login attempt, which spends it). A failed fetch says '获取图形验证码失败！'
 * (a 401 has its own dialog).
 */
export function useCaptcha() {
  const { message } = App.useApp();
  const query = useQuery({
    queryKey: ['login', 'captcha'],
    queryFn: async () => {
      try {
        return await fetchCaptcha();
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 401)) void message.error(LOGIN_MESSAGES.captchaFetchFailed);
        throw err;
      }
    },
    // A captcha is good for one attempt: never reuse a cached one.
    staleTime: 0,
    gcTime: 0,
  });
  return { captcha: query.data, loading: query.isFetching, failed: query.isError, refresh: () => void query.refetch() };
}
