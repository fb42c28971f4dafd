import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { refuse } from './refuse';

/** The header by which an automated test sets the instant a request's value dates and cut-offs are judged at. */
export const TEST_CLOCK_HEADER = 'x-test-clock';
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant business dates are judged at for this request: today, value dates, cut-offs,
 * expiry and execution timing. The app's clock, unless the test-only TEST_CLOCK setting (refused
 * in production) lets the request's `X-Test-Clock` header name another instant. Sessions, tokens
 * and anti-replay windows keep the app's clock whatever the header says, so a test can stand
 * after 15:00 on a business day without its logins expiring.
 */
export function businessNow(ctx: AppContext, request: FastifyRequest): number {
  const asked = ctx.config.TEST_CLOCK ? request.headers[TEST_CLOCK_HEADER] : undefined;
  if (typeof asked !== 'string') return ctx.now();
  if (!ZONED_ISO.test(asked)) throw refuse(`${TEST_CLOCK_HEADER}须为带时区的ISO时间`);
  return Date.parse(asked);
}
