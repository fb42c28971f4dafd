import { queryOptions } from '@tanstack/react-query';
import { http, sessionKey } from '../../lib/http';

export interface EchoReply {
  payload: string;
  serverTime: string;
}

export interface ChannelCheck {
  ok: boolean;
  roundTripMs: number;
}

/** Sends a random payload through a channel and checks it comes back unchanged. */
async function checkChannel(path: string): Promise<ChannelCheck> {
  const payload = `连接诊断-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
  const started = performance.now();
  const reply = await http.post<EchoReply>(path, { payload });
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
    encrypted: await checkChannel('/base/app/echo'),
    plain: await checkChannel('/base/app/echoPlain'),
  }),
});
