import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { EVENT_RESUME_WINDOW_MS, RETURN_CODES } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { compareJournalIds } from '../../kv/kv-store';
import { SESSION_REVOKED_CHANNEL, type Revocation, type SessionInfo, type SessionStore } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { EVENT_CHANNEL, channelEvent, eventFrame, eventsAfter, reaches, type JournalEvent } from './event-journal';

interface Stream {
  res: ServerResponse;
  session: SessionInfo;
  /** Live events held back while the replay is read from the journal; null once live. */
  held: { id: string; frame: string }[] | null;
  /** A scan-code login page's anonymous stream: whence, and the timer that ends it with its ticket. */
  scan?: { address: string; expiry: ReturnType<typeof setTimeout> };
  /** The phone answered while the replay was read: ends once the held events are written. */
  answered?: boolean;
}

/**
 * A scan stream outlives its ticket by this much: the page's own timer, started on the answer's
 * `expiresIn`, renews the QR code first, and would otherwise see a closed stream as the end.
 */
const SCAN_STREAM_GRACE_MS = 5_000;
/** What ends the anonymous stream of a scan ticket: the phone's answer. */
const SCAN_ANSWERS = new Set(['scan.confirmed', 'scan.denied']);

const HEARTBEAT = ': heartbeat\n\n';
/** SSE's reconnection delay field, sent as the server shuts down. */
const SHUTDOWN_RETRY = 'retry: 1000\n\n';
/** A client that stops reading is cut off beyond this many unsent bytes; it reconnects and resumes. */
const MAX_UNSENT_BYTES = 64 * 1024;
const TOO_MANY_STREAMS = '实时通知连接过多，请关闭部分页面后重试';

/**
 * The event streams connected to this instance. Each event arrives once on the shared channel
 * and is written to the streams whose session it reaches. One timer for all streams writes the
 * heartbeat and ends the streams of sessions that ended (expiry, or a revocation whose
 * announcement was lost); announced revocations end them at once.
 */
export class StreamHub {
  readonly #streams = new Set<Stream>();
  readonly #perSession = new Map<string, number>();
  /** Anonymous scan streams open here, by client address. */
  readonly #scanPerAddress = new Map<string, number>();
  #scanStreams = 0;
  readonly #unsubscribe: (() => Promise<void>)[] = [];
  #timer: NodeJS.Timeout | undefined;
  #checking = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionStore,
  ) {}

  get size() {
    return this.#streams.size;
  }

  async start() {
    const { kv, config } = this.ctx;
    this.#unsubscribe.push(
      await kv.subscribe(EVENT_CHANNEL, (message) => {
        const published = channelEvent(message);
        if (published) this.#deliver(published);
      }),
      await kv.subscribe(SESSION_REVOKED_CHANNEL, (message) => void this.#revoked(message)),
    );
    this.#timer = setInterval(() => this.#heartbeat(), config.EVENTS_HEARTBEAT_MS);
    this.#timer.unref();
  }

  /** Ends every stream (the server is closing: their clients reconnect elsewhere). */
  async close() {
    clearInterval(this.#timer);
    // The server is going away: the browser reconnects within a second, through the balancer to
    // another instance, resuming from its last event id.
    for (const stream of this.#streams) {
      this.#write(stream, SHUTDOWN_RETRY);
      this.#end(stream);
    }
    await Promise.all(this.#unsubscribe.splice(0).map((off) => off().catch(() => undefined)));
  }

  /**
   * Takes the connection over as the session's stream: first what the session missed after
   * `lastEventId` (from the journal), then live events until the session or the connection ends.
   */
  async open(reply: FastifyReply, session: SessionInfo, lastEventId: string | undefined, scan?: { address: string; endsAt: number }) {
    const { config } = this.ctx;
    if ((this.#perSession.get(session.tokenHash) ?? 0) >= config.EVENTS_MAX_STREAMS_PER_SESSION) {
      throw new AppError(RETURN_CODES.TOO_MANY_REQUESTS, TOO_MANY_STREAMS);
    }
    // Anyone may ask for a scan ticket: its streams are capped per address and per instance.
    if (scan && ((this.#scanPerAddress.get(scan.address) ?? 0) >= config.EVENTS_MAX_SCAN_STREAMS_PER_ADDRESS || this.#scanStreams >= config.EVENTS_MAX_SCAN_STREAMS)) {
      throw new AppError(RETURN_CODES.TOO_MANY_REQUESTS, TOO_MANY_STREAMS);
    }
    reply.hijack();
    const res = reply.raw;
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | number | string[]>;
    // `no-store` as on every API answer; `x-accel-buffering` keeps nginx from holding events back.
    res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.flushHeaders();
    const stream: Stream = { res, session, held: lastEventId ? [] : null };
    this.#streams.add(stream);
    this.#perSession.set(session.tokenHash, (this.#perSession.get(session.tokenHash) ?? 0) + 1);
    if (scan) {
      // Ends with its ticket: the page asks for a new code then, and nobody holds it open for nothing.
      const expiry = setTimeout(() => this.#end(stream), Math.max(0, scan.endsAt + SCAN_STREAM_GRACE_MS - Date.now()));
      expiry.unref();
      stream.scan = { address: scan.address, expiry };
      this.#scanPerAddress.set(scan.address, (this.#scanPerAddress.get(scan.address) ?? 0) + 1);
      this.#scanStreams += 1;
    }
    res.on('close', () => this.#remove(stream));
    if (lastEventId) await this.#replay(stream, lastEventId);
  }

  async #replay(stream: Stream, lastEventId: string) {
    let missed: JournalEvent[];
    try {
      missed = await eventsAfter(this.ctx.kv, lastEventId);
    } catch {
      // The shared store is away: the client reconnects and asks again.
      this.#end(stream);
      return;
    }
    // Older than the journal keeps: events may have gone unseen, so the client refreshes instead.
    if (Number(lastEventId.split('-')[0]) < Date.now() - EVENT_RESUME_WINDOW_MS) {
      this.#write(stream, eventFrame({ id: lastEventId, kind: 'stream.resync' }));
    }
    let last = lastEventId;
    for (const { event, audience } of missed) {
      if (!reaches(audience, stream.session)) continue;
      this.#write(stream, eventFrame(event));
      if (stream.scan && SCAN_ANSWERS.has(event.kind)) stream.answered = true;
      last = event.id;
    }
    const held = stream.held ?? [];
    stream.held = null;
    // Live events that arrived during the read and were not in it (the channel carries journal order).
    for (const { id, frame } of held) if (compareJournalIds(id, last) > 0) this.#write(stream, frame);
    if (stream.answered) this.#end(stream);
  }

  #deliver({ event, audience }: JournalEvent) {
    let frame: string | undefined;
    for (const stream of this.#streams) {
      if (!reaches(audience, stream.session)) continue;
      frame ??= eventFrame(event);
      if (stream.held) stream.held.push({ id: event.id, frame });
      else this.#write(stream, frame);
      // The phone answered: the scan page's stream has said all it had to (after its replay).
      if (stream.scan && SCAN_ANSWERS.has(event.kind)) {
        if (stream.held) stream.answered = true;
        else this.#end(stream);
      }
    }
  }

  #write(stream: Stream, text: string) {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_UNSENT_BYTES) {
      res.destroy();
      return;
    }
    res.write(text);
  }

  #end(stream: Stream) {
    this.#remove(stream);
    if (!stream.res.writableEnded) stream.res.end();
  }

  #remove(stream: Stream) {
    if (!this.#streams.delete(stream)) return;
    countDown(this.#perSession, stream.session.tokenHash);
    if (stream.scan) {
      clearTimeout(stream.scan.expiry);
      countDown(this.#scanPerAddress, stream.scan.address);
      this.#scanStreams -= 1;
    }
  }

  #heartbeat() {
    for (const stream of this.#streams) this.#write(stream, HEARTBEAT);
    if (this.#checking || this.#streams.size === 0) return;
    this.#checking = true;
    void this.#endUnlessLive([...this.#streams]).finally(() => (this.#checking = false));
  }

  /** A session ended somewhere: its streams here end too (a user's or seat's only if no longer live). */
  async #revoked(message: string) {
    let revocation: Revocation;
    try {
      revocation = JSON.parse(message) as Revocation;
    } catch {
      return;
    }
    const concerned = [...this.#streams].filter(({ session }) =>
      'tokenHash' in revocation
        ? session.tokenHash === revocation.tokenHash
        : 'userId' in revocation
          ? session.userId === revocation.userId
          : 'userNo' in revocation
            ? session.userNo === revocation.userNo
            : session.enterpriseNo === revocation.enterpriseNo,
    );
    if ('tokenHash' in revocation) concerned.forEach((stream) => this.#end(stream));
    // A password change spares the session that made it; a new login announces its seat's others.
    else if (concerned.length > 0) await this.#endUnlessLive(concerned);
  }

  async #endUnlessLive(all: Stream[]) {
    // A scan ticket's stream has no session to check; it ends with its ticket or the phone's answer.
    const streams = all.filter((s) => s.session.scanId === undefined);
    if (streams.length === 0) return;
    try {
      const live = await this.sessions.liveAmong([...new Set(streams.map((s) => s.session.tokenHash))]);
      for (const stream of streams) if (!live.has(stream.session.tokenHash)) this.#end(stream);
    } catch {
      // The database is away: judged again at the next heartbeat.
    }
  }
}

function countDown(counts: Map<string, number>, key: string) {
  const count = (counts.get(key) ?? 1) - 1;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}
