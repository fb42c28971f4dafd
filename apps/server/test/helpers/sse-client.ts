import http from 'node:http';
import type { LiveEvent } from '@portal/shared';

/**
 * An event-stream client written from the wire format alone (docs/platform/live-events.md),
 * over a real socket: `inject` would wait for a stream's end.
 */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refusal (a stream's is empty). */
  body: string;
  events: LiveEvent[];
  /** Every block as received, for checks of the wire format. */
  frames: string[];
  heartbeats: number;
  /** Resolves when the server ends the stream (or the connection goes). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** The next event not taken yet, within timeoutMs. */
  next(timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

export function openSse(origin: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(origin + path, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      const events: LiveEvent[] = [];
      const frames: string[] = [];
      let taken = 0;
      let buffer = '';
      let body = '';
      let ended = false;
      const waiters = new Set<() => void>();
      const wake = () => waiters.forEach((w) => w());
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return body;
        },
        events,
        frames,
        heartbeats: 0,
        ended: new Promise((done) =>
          res.once('close', () => {
            ended = true;
            wake();
            done();
          }),
        ),
        isEnded: () => ended,
        async next(timeoutMs = 2_000) {
          const deadline = Date.now() + timeoutMs;
          while (taken >= events.length) {
            if (ended) throw new Error('the stream ended');
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
            await new Promise<void>((done) => {
              const timer = setTimeout(finish, left);
              function finish() {
                clearTimeout(timer);
                waiters.delete(finish);
                done();
              }
              waiters.add(finish);
            });
          }
          return events[taken++]!;
        },
        close: () => req.destroy(),
      };
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          frames.push(block);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length));
          if (block.startsWith(':')) client.heartbeats++;
          else if (data.length > 0) events.push(JSON.parse(data.join('\n')) as LiveEvent);
        }
        wake();
      });
      res.on('error', () => undefined);
      if (res.statusCode !== 200) res.once('end', () => resolve(client));
      else resolve(client);
    });
    req.on('error', reject);
  });
}
