import { ChangePasswordDialog } from './change-password-dialog';
import { usePasswordExpiryCheck } from './use-password-expiry-check';

/** The expiry check and its dialog, for a page (today home, later the console layout) to mount. */
export function PasswordExpiryCheck({ username }: { username: string | undefined }) {
  const { mustChange, changed } = usePasswordExpiryCheck(username);
  if (!username) return null;
  return <ChangePasswordDialog open={mustChange} username={username} onChanged={changed} />;
}
