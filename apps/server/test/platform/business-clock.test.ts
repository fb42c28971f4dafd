import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context';
import { businessNow } from '../../src/platform/business-clock';

const NOW = Date.parse('2026-11-27T10:00:00+08:00');
const ctx = (testClock: boolean) => ({ config: { TEST_CLOCK: testClock }, now: () => NOW }) as unknown as AppContext;
const request = (clock?: string) => ({ headers: clock === undefined ? {} : { 'x-test-clock': clock } }) as unknown as FastifyRequest;

describe('the business clock', () => {
  it('is the app’s clock unless TEST_CLOCK lets a request name another instant', () => {
    expect(businessNow(ctx(false), request())).toBe(NOW);
    // Without the setting (production refuses it at start-up) the header changes nothing.
    expect(businessNow(ctx(false), request('2026-11-27T15:30:00+08:00'))).toBe(NOW);
    expect(businessNow(ctx(true), request())).toBe(NOW);
    expect(businessNow(ctx(true), request('2026-11-27T15:30:00+08:00'))).toBe(Date.parse('2026-11-27T07:30:00Z'));
    expect(() => businessNow(ctx(true), request('2026-11-27 15:30'))).toThrow('x-test-clock须为带时区的ISO时间');
  });
});
