import { CUSTOMER_PREFIX, http } from '../../lib/http';

/** WIRE.md: a single-use 32-hex server random (valid 5 minutes) that every sealed password carries. */
export async function fetchServerRandom(): Promise<string> {
  const { random } = await http.post<{ random: string }>(`/${CUSTOMER_PREFIX}/Random`);
  return random;
}
