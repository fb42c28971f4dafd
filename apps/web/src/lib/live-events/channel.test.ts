import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@portal/shared';
import { RECONNECT_BASE_MS, createLiveEventChannel, type EventSourceLike } from './channel';

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(
    readonly ticket: string,
    readonly lastEventId: string | undefined,
  ) {}
  close() {
    this.closed = true;
  }
  emit(event: Partial<LiveEvent> | string) {
    this.onmessage?.({ data: typeof event === 'string' ? event : JSON.stringify(event) } as MessageEvent<string>);
  }
}

class Final extends Error {}

function setUp() {
  const sources: FakeSource[] = [];
  const tickets = { issued: 0, refuse: undefined as Error | undefined, askedAt: [] as number[] };
  const channel = createLiveEventChannel({
    ticket: async () => {
      tickets.askedAt.push(Date.now());
      if (tickets.refuse) throw tickets.refuse;
      return `t${++tickets.issued}`;
    },
    open: (ticket, lastEventId) => {
      const source = new FakeSource(ticket, lastEventId);
      sources.push(source);
      return source;
    },
    isFinal: (err) => err instanceof Final,
    // No jitter: each pause is its whole step.
    random: () => 0.999_999,
  });
  return { channel, sources, tickets, last: () => sources.at(-1)! };
}

describe('the live event channel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the stream with a ticket and hands each event to the subscribers of its kind', async () => {
    const { channel, sources, last } = setUp();
    const urgent: LiveEvent[] = [];
    const home: string[] = [];
    channel.subscribe(['riskNotice.urgent'], (e) => urgent.push(e));
    const off = channel.subscribe(['home.changed', 'warning.imported'], (e) => home.push(e.kind));
    channel.start();
    channel.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources.map((s) => [s.ticket, s.lastEventId])).toEqual([['t1', undefined]]);

    last().emit({ id: '1-0', kind: 'riskNotice.urgent', ids: [3] });
    last().emit({ id: '2-0', kind: 'home.changed' });
    last().emit('not json');
    last().emit({ id: 'x', kind: 'home.changed' });
    last().emit({ id: '3-0', kind: 'scan.unknown' as never });
    off();
    last().emit({ id: '4-0', kind: 'warning.imported' });
    expect(urgent).toEqual([{ id: '1-0', kind: 'riskNotice.urgent', ids: [3] }]);
    expect(home).toEqual(['home.changed']);
    channel.stop();
  });

  it('reconnects after an error with a new ticket and the last event id, and keeps one handler failure from the others', async () => {
    const { channel, sources, last } = setUp();
    const seen: string[] = [];
    channel.subscribe(['home.changed'], () => {
      throw new Error('a feature bug');
    });
    channel.subscribe(['home.changed'], (e) => seen.push(e.id));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    channel.start();
    await vi.advanceTimersByTimeAsync(0);
    last().onopen?.(new Event('open'));
    last().emit({ id: '7-1', kind: 'home.changed' });
    expect(seen).toEqual(['7-1']);
    expect(consoleError).toHaveBeenCalledOnce();

    const first = last();
    first.onerror?.(new Event('error'));
    // Closed at once, so the browser does not retry the spent ticket by itself.
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS - 1);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources.map((s) => [s.ticket, s.lastEventId])).toEqual([
      ['t1', undefined],
      ['t2', '7-1'],
    ]);
    // A late message from the closed source is not delivered.
    first.emit({ id: '8-0', kind: 'home.changed' });
    expect(seen).toEqual(['7-1']);
    consoleError.mockRestore();
    channel.stop();
  });

  it('waits longer after each failure, up to 30 seconds, and starts again from 1 second once a stream opens', async () => {
    const { channel, sources, tickets, last } = setUp();
    tickets.refuse = new Error('no answer');
    channel.start();
    for (let i = 0; i < 7; i++) await vi.advanceTimersToNextTimerAsync();
    const pauses = tickets.askedAt.slice(1).map((at, i) => at - tickets.askedAt[i]!);
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(sources).toHaveLength(0);

    tickets.refuse = undefined;
    await vi.advanceTimersToNextTimerAsync();
    expect(sources).toHaveLength(1);
    last().onopen?.(new Event('open'));
    last().onerror?.(new Event('error'));
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS);
    expect(sources).toHaveLength(2);
    channel.stop();
  });

  it('ends when the ticket call says the session is over, and stop closes the stream for good', async () => {
    const ended = setUp();
    ended.tickets.refuse = new Final('401');
    ended.channel.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ended.sources).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);

    const stopped = setUp();
    stopped.channel.start();
    await vi.advanceTimersByTimeAsync(0);
    stopped.last().onerror?.(new Event('error'));
    stopped.channel.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stopped.sources).toHaveLength(1);

    // A stop while the ticket is on its way: no stream opens after it.
    const racing = setUp();
    racing.channel.start();
    racing.channel.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(racing.sources).toHaveLength(0);
    racing.channel.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(racing.sources).toHaveLength(1);
    expect(racing.last().closed).toBe(false);
    racing.channel.stop();
    expect(racing.last().closed).toBe(true);
  });
});
