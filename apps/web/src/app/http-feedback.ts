import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyMessage } from '../components/lazy-feedback';
import { HTTP_MESSAGES, messageNotifier, setHttpNotifier } from '../lib/http';
import { paths } from '../config/paths';
import { useMessage } from '../lib/countdown-message';

/** Spec §8 / §9: the 401 message stays 5 seconds. */
const UNAUTHORIZED_SECONDS = 5;

/**
 * Installs the HTTP client's user-facing behaviour of spec §8 on every route but the login page
 * (which installs its own, with the 401 dialog): messages, and a 401 leads to the login page,
 * which then says why for 5 seconds.
 */
export function useHttpFeedback() {
  const message = useMessage();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setHttpNotifier(
      messageNotifier(message, () => {
        const back = `${location.pathname}${location.search}`;
        navigate(`${paths.login}?redirect=${encodeURIComponent(back)}`, { replace: true });
        // Said on the login page, where the console's providers (and their message holder) are gone.
        lazyMessage.error(HTTP_MESSAGES.unauthorized, UNAUTHORIZED_SECONDS);
      }),
    );
  }, [message, navigate, location.pathname, location.search]);
}
