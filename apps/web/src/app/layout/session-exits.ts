import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { logout } from '../../features/auth';
import { reloadAt } from '../../lib/app-location';
import { liveEvents } from '../../lib/live-events';
import type { SessionUser } from '../../lib/session';
import { clearToken } from '../../lib/session-token';

/** The two ways out of the console's session: logout, and the login again that an enterprise switch asks for. */
export function useSessionExits(user: SessionUser) {
  const queryClient = useQueryClient();
  return {
    signOut: async () => {
      // Closed first: the session's end would otherwise send the stream looking for a new ticket.
      liveEvents.stop();
      // Spec §2: logout goes to the login route and reloads.
      await logout();
      queryClient.clear();
      reloadAt(paths.login);
    },
    switchTo: ({ userNo, enterpriseName }: { userNo: string; enterpriseName: string }) => {
      liveEvents.stop();
      clearToken();
      queryClient.clear();
      // The login page names the target enterprise and fills in the username.
      const query = new URLSearchParams({ userNo, username: user.userName, enterprise: enterpriseName });
      reloadAt(`${paths.login}?${query}`);
    },
  };
}
