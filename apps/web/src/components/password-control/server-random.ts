import { authApi } from '@portal/shared';
import { http } from '../../lib/http';

/** docs/wire.md: a single-use 32-hex server random (valid 5 minutes) that every sealed password carries. */
export async function fetchServerRandom(): Promise<string> {
  const { random } = await http.call(authApi.serverRandom);
  return random;
}
