import { auditApi, type AuditFilters, type AuditRecord } from '@portal/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { describeAuditDetail } from './audit-detail';

/** Whose entries a viewer sees: every entry (bank staff) or one enterprise's (its administrator). */
export type AuditScope = { all: true } | { all: false; enterpriseNo: string };

/** A calendar day in China time as the instant it starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const DAY_MS = 86_400_000;

function filtered(db: Kysely<DB>, scope: AuditScope, filters: AuditFilters) {
  let query = db.selectFrom('audit_log as a').leftJoin('enterprises as e', 'e.enterprise_no', 'a.enterprise_no');
  if (!scope.all) query = query.where('a.enterprise_no', '=', scope.enterpriseNo);
  if (filters.username) query = query.where('a.username', 'ilike', `%${filters.username.replace(/[\\%_]/g, '\\$&')}%`);
  if (filters.event) query = query.where('a.event', '=', filters.event);
  if (filters.outcome) query = query.where('a.outcome', '=', filters.outcome);
  if (filters.dateFrom) query = query.where('a.occurred_at', '>=', dayStart(filters.dateFrom));
  if (filters.dateTo) query = query.where('a.occurred_at', '<', new Date(dayStart(filters.dateTo).getTime() + DAY_MS));
  return query;
}

const withColumns = (query: ReturnType<typeof filtered>) =>
  query.select([
    'a.audit_id',
    'a.occurred_at',
    'a.event',
    'a.outcome',
    'a.username',
    'a.user_no',
    'a.enterprise_no',
    'e.enterprise_name',
    'a.client_ip',
    'a.detail',
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A browser and system from a user agent string, as a clerk names a computer: 'Edge · Windows'. */
export function deviceNameOf(userAgent: string): string | null {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Trident\/|MSIE /.test(userAgent)
      ? 'IE'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || null;
}

/** The entry as the viewer shows it: the signature's proof is reduced to its code, the device to its short name. */
function toRecord(row: Row, deviceNames: ReadonlyMap<string, string>): AuditRecord {
  const { signature, reason, device, certSerial, ...rest } = row.detail as Record<string, unknown>;
  const signed = signature && typeof signature === 'object' ? (signature as Record<string, unknown>) : undefined;
  const deviceId = text(device) ?? text(signed?.device);
  return {
    auditId: row.audit_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    event: row.event,
    outcome: row.outcome,
    username: row.username,
    userNo: row.user_no,
    enterpriseNo: row.enterprise_no,
    enterpriseName: row.enterprise_name ?? null,
    clientIp: row.client_ip,
    device: deviceId,
    deviceName: (deviceId && deviceNames.get(deviceId)) || null,
    reason: text(reason),
    // The VerifySign code, and the certificate serial of a certificate-edition login or signature.
    signature: [text(signed?.code), (text(certSerial) ?? text(signed?.certSerial)) && `证书 ${text(certSerial) ?? text(signed?.certSerial)}`].filter(Boolean).join(' ') || null,
    details: describeAuditDetail(row.event, rest),
  };
}

const deviceOf = (row: Row) => {
  const { signature, device } = row.detail as { signature?: { device?: unknown }; device?: unknown };
  return text(device) ?? text(signature?.device);
};

/** The page's devices named by the browser and system of the latest session each logged in. */
async function toRecords(db: Kysely<DB>, rows: Row[]): Promise<AuditRecord[]> {
  const devices = [...new Set(rows.map(deviceOf).filter((d): d is string => d !== null))];
  const names = new Map<string, string>();
  if (devices.length > 0) {
    const prefix = sql<string>`substr(device_key, 1, 18)`;
    const sessions = await db
      .selectFrom('sessions')
      .select([prefix.as('device'), 'user_agent'])
      .where(prefix, 'in', devices)
      .orderBy('created_at', 'desc')
      .execute();
    for (const s of sessions) {
      const name = deviceNameOf(s.user_agent);
      if (name && !names.has(s.device)) names.set(s.device, name);
    }
  }
  return rows.map((row) => toRecord(row, names));
}

export async function countAudit(db: Kysely<DB>, scope: AuditScope, filters: AuditFilters): Promise<number> {
  const { total } = await filtered(db, scope, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One page, newest first. */
export async function listAudit(db: Kysely<DB>, scope: AuditScope, input: AuditFilters & { page: number; limit: number }) {
  const [total, rows] = await Promise.all([
    countAudit(db, scope, input),
    withColumns(filtered(db, scope, input))
      .orderBy('a.audit_id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
  ]);
  return { records: await toRecords(db, rows), total };
}

/** The filtered entries newest first, `chunk` at a time (keyset paging on the id) for the download. */
export async function* auditChunks(db: Kysely<DB>, scope: AuditScope, filters: AuditFilters, chunk = 250) {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await withColumns(filtered(db, scope, filters).where('a.audit_id', '<', before))
      .orderBy('a.audit_id', 'desc')
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    yield await toRecords(db, rows);
    before = rows[rows.length - 1]!.audit_id;
    if (rows.length < chunk) return;
  }
}

export const AUDIT_MAX_ROWS = auditApi.AUDIT_DOWNLOAD_MAX_ROWS;
