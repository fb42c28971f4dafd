import { queryOptions } from '@tanstack/react-query';
import { platformApi } from '@portal/shared';
import { http, sessionKey } from '../../../lib/http';

export interface ChannelCheck {
  ok: boolean;
  roundTripMs: number;
}

/** Sends a random payload through a channel and checks it comes back unchanged. */
async function checkChannel(op: typeof platformApi.echo | typeof platformApi.echoPlain): Promise<ChannelCheck> {
  const payload = `连接诊断-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
  const started = performance.now();
  const reply = await http.call(op, { payload });
  return { ok: reply.payload === payload, roundTripMs: Math.round(performance.now() - started) };
}

export const negotiationQuery = queryOptions({
  queryKey: ['diagnostics', 'negotiation'],
  queryFn: async () => {
    const sk = await sessionKey();
    return { asym: sk.asym, sym: sk.sym, encryptedApis: sk.encryptedPaths.size };
  },
});

export const channelsQuery = queryOptions({
  queryKey: ['diagnostics', 'channels'],
  queryFn: async () => ({
    encrypted: await checkChannel(platformApi.echo),
    plain: await checkChannel(platformApi.echoPlain),
  }),
});
