import { REQUEST_TIMEOUT_MS } from '@portal/shared';

/** No response at all: unreachable server, dropped connection or the spec §9 timeout. */
export class NoResponseError extends Error {
  override name = 'NoResponseError';
}

/** The only `fetch` of the web app; everything else goes through client.ts. */
export async function transport(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    throw new NoResponseError((err as Error).message);
  }
}
