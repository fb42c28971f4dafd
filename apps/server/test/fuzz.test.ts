import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, operationPath, type AnyOperation } from '@portal/shared';
import { TEST_CAPTCHA, loginClient } from './helpers/login-client';
import { createTestApp, type TestApp } from './helpers/test-app';

// Every JSON operation, called by a session that may use it, with bodies fast-check builds from
// the operation's own field names and hostile values: control, format and bidi characters, lone
// surrogates, huge and odd numbers, wrong types, nesting. Whatever it sends, the answer is never
// a 5xx. The seed is fixed so a failure replays; FUZZ_SEED and FUZZ_RUNS explore further.
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

const HOSTILE = [
  '', ' ', 'x'.repeat(5000), '\u0000', 'A\u001bB', '\u007f', 'a\u202Eb', '付款\u202Egpj.exe', '\u2066x\u2069', '\u200B', '\uFEFF',
  '\ud800', 'x\udc00\ud800y', '💸', '０１２３', "'; drop table users; --", '<img src=x onerror=alert(1)>', '../../etc/passwd',
  '%00', '1e309', '-1', '0', '99999999999999999999', 'NaN', '2026-02-30', '2026-13-01', 'null', '{}', '[]', 'U100000101', '622299000000000001',
];
const leaf = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.constantFrom<unknown>(2_147_483_648, -1, 0, 1e308, 0.1, Number.MAX_SAFE_INTEGER + 2, true, false, null),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 })),
}));

/** The top-level field names of an operation's request, as its contract declares them. */
function fieldsOf(op: AnyOperation): string[] {
  if (!op.request) return [];
  try {
    const schema = z.toJSONSchema(op.request as z.ZodType, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    return Object.keys(schema.properties ?? {});
  } catch {
    return [];
  }
}

/** Bodies with the operation's fields (each present or not) holding hostile values, plus an unknown key now and then. */
const bodiesFor = (op: AnyOperation, seed: number) =>
  fc.sample(
    fc.record({
      known: fc.record(Object.fromEntries(fieldsOf(op).map((f) => [f, value])), { requiredKeys: [] }),
      extra: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 })),
    }),
    { seed, numRuns: RUNS },
  ).map(({ known, extra }) => ({ ...extra, ...known }));

describe('hostile bodies on every operation', () => {
  let app: TestApp;
  let client: Awaited<ReturnType<typeof loginClient>>;
  const tokens = { customer: '', staff: '' };
  const login = { customer: ['demo', 'Demo1234'], staff: ['admin', 'Admin1234'] } as const;

  beforeAll(async () => {
    app = await createTestApp({ TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
    client = await loginClient(app);
  });
  afterAll(() => app?.close());

  it('never answer a 5xx', async () => {
    const prefixes = { customerPrefix: app.config.CUSTOMER_PREFIX, gatewayPrefix: app.config.GATEWAY_PREFIX };
    const errors: string[] = [];
    let calls = 0;
    // Logging out, or changing one's own password, would end the session the walk goes on with.
    const walked = OPERATIONS.filter((op) => (op.kind === 'json' || op.kind === 'upload') && !/LOGOUT|PASSWORD/i.test(op.id));
    for (const [index, op] of walked.entries()) {
      const who = op.audience.includes('customer') ? 'customer' : op.audience.includes('staff') ? 'staff' : null;
      const url = `/pmobile${operationPath(op, prefixes)}`;
      for (const generated of bodiesFor(op, SEED + index)) {
        // A query string carries text only.
        const body = op.method === 'GET' ? Object.fromEntries(Object.entries(generated).map(([k, v]) => [k, typeof v === 'string' ? v : String(JSON.stringify(v))])) : generated;
        // A body that disabled or locked the caller ends its session: log in again and go on.
        if (who && !tokens[who]) tokens[who] = await client.token(login[who][0], login[who][1]);
        const token = who ? tokens[who] : '';
        const { res, json } = who
          ? op.method === 'GET'
            ? await client.get(url, body, token)
            : await client.call(url, body, token)
          : op.method === 'GET'
            ? await client.envelope.get(url, body)
            : await client.envelope.post(url, body);
        calls++;
        if (res.statusCode >= 500) errors.push(`${op.id} ${res.statusCode} ${json?.returnMsg} ${JSON.stringify(body).slice(0, 200)}`);
        if (res.statusCode === 401 && who) tokens[who] = '';
      }
    }
    expect(errors).toEqual([]);
    expect(calls).toBeGreaterThan(walked.length * RUNS * 0.9);
  }, 600_000);
});
