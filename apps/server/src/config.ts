import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_API_BASE,
  DEFAULT_CUSTOMER_PREFIX,
  DEFAULT_GATEWAY_PREFIX,
  DEFAULT_PUBLIC_PATH,
  LOGIN_EDITIONS,
  type LoginEdition,
} from '@portal/shared';
import { SERVER_DIR } from './server-dir';

const urlPath = z
  .string()
  .regex(/^\/[A-Za-z0-9_\-/]*[A-Za-z0-9_-]$/, 'must be a path such as /pmobile (leading slash, no trailing slash)');
const segment = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be one path segment of letters, digits, _ or -');

/** A comma list of entries, each read by `parse` into its value or what is wrong with it. */
function commaList<T>(parse: (entry: string) => { value: T } | { problem: string }) {
  return z.string().transform((value, ctx) => {
    const out: T[] = [];
    for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
      const parsed = parse(entry);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: `"${entry}": ${parsed.problem}` });
        return z.NEVER;
      }
      out.push(parsed.value);
    }
    return out;
  });
}

const hostName = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/;

/** Spec §6: `host=edition` pairs; the host as the browser names it, without port. */
const editionHosts = commaList<readonly [string, LoginEdition]>((entry) => {
  const [host = '', edition = '', ...rest] = entry.split('=').map((part) => part.trim());
  const name = host.toLowerCase();
  if (rest.length || !hostName.test(name) || !(LOGIN_EDITIONS as readonly string[]).includes(edition)) {
    return { problem: `must be host=${LOGIN_EDITIONS.join(' or host=')} (a host name without port)` };
  }
  return { value: [name, edition as LoginEdition] as const };
}).transform((pairs, ctx) => {
  const map = new Map(pairs);
  if (map.size !== pairs.length) {
    ctx.addIssue({ code: 'custom', message: 'names a host twice' });
    return z.NEVER;
  }
  return map as ReadonlyMap<string, LoginEdition>;
});

/** Origins as browsers send them: scheme, host and port only. */
const origins = commaList<string>((entry) => {
  const url = URL.canParse(entry) ? new URL(entry) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry
    ? { value: entry }
    : { problem: 'must be an origin such as http://localhost:8080 (no path, no trailing slash)' };
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Tests isolate themselves in a schema of their own on a shared server. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .default('public'),
  /** Unset: data/ at the repository's root, whichever folder a command runs in. */
  DATA_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Key prefix in the shared store, so several deployments (or test runs) can share one Redis. */
  KV_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]*$/, 'letters, digits, :, _ or -').default('portal:'),
  APP_ID: z.string().min(1).default('zctgdzhwy'),
  API_BASE: urlPath.default(DEFAULT_API_BASE),
  PUBLIC_PATH: urlPath.default(DEFAULT_PUBLIC_PATH),
  CUSTOMER_PREFIX: segment.default(DEFAULT_CUSTOMER_PREFIX),
  GATEWAY_PREFIX: segment.default(DEFAULT_GATEWAY_PREFIX),
  /** The load balancers whose X-Forwarded-For is believed: a comma list of addresses or CIDRs; unset, none. */
  TRUST_PROXY: z.string().regex(/^[0-9a-fA-F.:/,\s]+$/, 'must be a comma list of addresses or CIDRs').optional(),
  BODY_LIMIT: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Slow clients (slowloris): the whole request must arrive within this (408 and closed after). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The request line and headers must arrive within this. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** A connection silent this long (no bytes either way) is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /**
   * Live event streams: a comment line this often keeps proxies and CONNECTION_TIMEOUT_MS from
   * cutting them; unset, 15 s or half the connection timeout, whichever is shorter.
   */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).optional(),
  /** Concurrent event streams of one session on one instance (one per open tab); more are refused. */
  EVENTS_MAX_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Scan-code login pages' anonymous streams (anyone may open one): per client address, and in all, on one instance. */
  EVENTS_MAX_SCAN_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  EVENTS_MAX_SCAN_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Negotiated algorithms (spec §7, docs/wire.md): asymmetric for `rev` and passwords, symmetric for bodies. */
  CRYPTO_ASYMMETRIC: z.enum(['SM2', 'RSA']).default('SM2'),
  CRYPTO_SYMMETRIC: z.enum(['SM4', 'AES']).default('SM4'),
  /** Server key pairs; unset means DATA_DIR/keys (generated there on first start outside production). */
  CRYPTO_KEYS_DIR: z.string().min(1).optional(),
  /** Validity of the certificates the bank's CA issues (certificate edition), in days. */
  CERT_VALIDITY_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  /** Activation codes for certificate enrolment stay valid this long. */
  CERT_ACTIVATION_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Decrypted `rev` keys kept per instance; 0 turns the cache off (benchmarks). */
  REV_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** Sessions (issue 4): idle and absolute expiry. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(12),
  /** Live sessions kept per instance this long (0: off); revocations reach every instance at once. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** The business calendar and cut-offs kept per instance this long (0: off); a change reaches every instance at once. */
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Consecutive wrong passwords that lock a user on one device (docs/decisions/login-lockout.md). */
  MAX_LOGIN_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** Consecutive wrong passwords from all the devices a user has not logged in from that lock every such device. */
  UNKNOWN_DEVICE_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
  /** How long such a lock lasts; 0 keeps it until staff unlock. */
  LOCK_MINUTES: z.coerce.number().int().min(0).max(525_600).default(30),
  /** A password older than this must be changed at login (040007). */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Per client address and minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Login attempts per username and minute, from all addresses together (429 above; docs/decisions/login-lockout.md). */
  LOGIN_USERNAME_LIMIT: z.coerce.number().int().min(1).default(10),
  CAPTCHA_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  // Spec §1: scan-code login offered on the login page (on in the demo start script).
  ABLE_SCAN: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
  /** The Bearer token a Prometheus scraper sends for the metrics; unset, the metrics are not served. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').regex(/^[\x21-\x7e]+$/, 'printable ASCII, no spaces').optional(),
  /** On SIGTERM: requests in flight get this long to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** A single-node pilot may run production on the embedded database and in-memory store. */
  ALLOW_EMBEDDED_IN_PRODUCTION: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
  // Scan-code login: how long a QR ticket and the one-time code it yields live (tests shorten them).
  SCAN_TICKET_TTL_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  SCAN_CODE_TTL_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // Calls per partner client and minute, across instances (token requests that authenticate included).
  PARTNER_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  // Failed token requests per client id and address a minute: counted apart, so that someone who
  // knows a client id cannot spend the real partner's budget (pen test).
  PARTNER_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(1).max(600).default(120),
  /** Automated tests only: every captcha's answer (refused in production). */
  TEST_CAPTCHA: z.string().regex(/^[A-Za-z0-9]{5}$/, 'must be 5 letters or digits').optional(),
  /**
   * Automated tests only (refused in production): a request's `X-Test-Clock` header (an ISO instant
   * with its zone) sets the instant its value dates and cut-offs are judged at (platform/business-clock.ts).
   */
  TEST_CLOCK: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
  /** Spec §6: which host opens which login edition on `/login`; unmapped hosts open the signed one. */
  LOGIN_EDITION_HOSTS: editionHosts.default(new Map()),
  /**
   * Spec §2/§9: where pages of the plug-in build (`npm run build:plugin`) come from; only these
   * origins may call the API from another origin (CORS). Unset: none.
   */
  PLUGIN_ORIGINS: origins.default([]),
  /** Where the built web app is; unset means apps/web/dist of this checkout. */
  WEB_DIST: z.string().optional(),
  /** The CJK font PDFs embed (a .ttf/.otf/.ttc); Debian's fonts-noto-cjk by default. */
  PDF_FONT_PATH: z.string().min(1).default('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  /** The font's PostScript name within a collection (.ttc). */
  PDF_FONT_NAME: z.string().min(1).default('NotoSansCJKsc-Regular'),
  /** 消息中心's e-mail (smtp://user:pass@host:port or smtps://…). Unset: notifications stay in-app only. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('资产托管客户服务网银 <noreply@custody.example.cn>'),
  /** How often this instance looks for due report subscriptions and unsent e-mails (ms); 0 turns the timer off. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
});

export type Config = Omit<z.infer<typeof configSchema>, 'EVENTS_HEARTBEAT_MS'> & {
  EVENTS_HEARTBEAT_MS: number;
  webDist: string;
  dataDir: string;
  keysDir: string;
};

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value stops start-up naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.API_BASE === c.PUBLIC_PATH) throw new ConfigError('Invalid configuration:\n  API_BASE: must differ from PUBLIC_PATH');
  if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  }
  if (c.EVENTS_HEARTBEAT_MS !== undefined && c.EVENTS_HEARTBEAT_MS >= c.CONNECTION_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  EVENTS_HEARTBEAT_MS: must be shorter than CONNECTION_TIMEOUT_MS, or idle event streams are cut');
  }
  if (c.NODE_ENV === 'production' && c.TEST_CAPTCHA) {
    throw new ConfigError('Invalid configuration:\n  TEST_CAPTCHA: must not be set in production');
  }
  if (c.NODE_ENV === 'production' && c.TEST_CLOCK) {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: must not be set in production');
  }
  if (c.NODE_ENV === 'production' && (!c.DATABASE_URL || !c.REDIS_URL) && !c.ALLOW_EMBEDDED_IN_PRODUCTION) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL, REDIS_URL: both required in production (the embedded database and the' +
        ' in-memory store are for one-person trials; a single-node pilot may set ALLOW_EMBEDDED_IN_PRODUCTION=1)',
    );
  }
  if (c.NODE_ENV === 'production' && !c.CRYPTO_KEYS_DIR) {
    throw new ConfigError('Invalid configuration:\n  CRYPTO_KEYS_DIR: required in production (server key pairs are never generated there)');
  }
  const dataDir = path.resolve(c.DATA_DIR ?? path.join(SERVER_DIR, '../../data'));
  return {
    ...c,
    EVENTS_HEARTBEAT_MS: c.EVENTS_HEARTBEAT_MS ?? Math.min(15_000, Math.floor(c.CONNECTION_TIMEOUT_MS / 2)),
    dataDir,
    keysDir: path.resolve(c.CRYPTO_KEYS_DIR ?? path.join(dataDir, 'keys')),
    webDist: path.resolve(c.WEB_DIST ?? path.resolve(SERVER_DIR, '../web/dist')),
  };
}
