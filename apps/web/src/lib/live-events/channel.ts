import { liveEventSchema, type LiveEvent, type LiveEventKind } from '@portal/shared';

/** The part of `EventSource` the channel uses (a fake one in tests). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface ChannelDeps {
  /** A fresh single-use stream ticket. */
  ticket(): Promise<string>;
  /** Opens the stream with a ticket, resuming after the last event seen. */
  open(ticket: string, lastEventId: string | undefined): EventSourceLike;
  /** Whether a refused ticket means the session is over (the HTTP client already sent the user to login). */
  isFinal(error: unknown): boolean;
  /** 0 ≤ x < 1, for the jitter (tests fix it). */
  random?: () => number;
}

export type LiveEventHandler = (event: LiveEvent) => void;

/** Reconnection waits 1 s, 2 s, 4 s … up to 30 s, each between half and all of that (so clients of a restarted server spread out). */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The browser's end of the live event stream (docs/platform/live-events.md). `EventSource`
 * would reconnect by itself with the same URL, whose ticket is spent; so on any error the channel
 * closes it and opens a new one with a new ticket and the last event id it saw, after a growing
 * pause. A refused ticket call that ends the session (401) ends the channel.
 */
export function createLiveEventChannel(deps: ChannelDeps) {
  const random = deps.random ?? Math.random;
  const subscribers = new Set<{ kinds: ReadonlySet<LiveEventKind>; handler: LiveEventHandler }>();
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  // Bumped by every start and stop, so a connection begun before a stop never opens after it.
  let generation = 0;
  let running = false;

  function dispatch(message: MessageEvent<string>) {
    let parsed;
    try {
      parsed = liveEventSchema.safeParse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const event = parsed.data;
    lastEventId = event.id;
    for (const { kinds, handler } of [...subscribers]) {
      if (!kinds.has(event.kind)) continue;
      try {
        handler(event);
      } catch (err) {
        // One feature's failure does not keep the event from the others.
        console.error(err);
      }
    }
  }

  function retryLater(current: number) {
    const delay = Math.round(Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures) * (0.5 + random() / 2));
    failures++;
    timer = setTimeout(() => void connect(current), delay);
  }

  async function connect(current: number) {
    timer = undefined;
    let ticket: string;
    try {
      ticket = await deps.ticket();
    } catch (err) {
      if (current !== generation) return;
      if (deps.isFinal(err)) stop();
      else retryLater(current);
      return;
    }
    if (current !== generation) return;
    const opened = deps.open(ticket, lastEventId);
    source = opened;
    opened.onopen = () => {
      failures = 0;
    };
    opened.onmessage = (message) => {
      if (source === opened) dispatch(message);
    };
    opened.onerror = () => {
      if (source !== opened) return;
      opened.close();
      source = undefined;
      retryLater(current);
    };
  }

  function stop() {
    generation++;
    running = false;
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = undefined;
  }

  return {
    /** Opens the stream (once: a second start while running does nothing). */
    start() {
      if (running) return;
      running = true;
      failures = 0;
      void connect(++generation);
    },
    /** Closes the stream and stops reconnecting (logout, leaving the console). */
    stop,
    /** Calls handler with every event of these kinds; returns the unsubscribe. */
    subscribe(kinds: readonly LiveEventKind[], handler: LiveEventHandler): () => void {
      const entry = { kinds: new Set(kinds), handler };
      subscribers.add(entry);
      return () => void subscribers.delete(entry);
    },
  };
}

export type LiveEventChannel = ReturnType<typeof createLiveEventChannel>;
