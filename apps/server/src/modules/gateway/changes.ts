import type { Kysely } from 'kysely';
import { LOOSER_VALUE, floorViolation, loosenedFlags, operationById, type ApiFields, type FlagField } from '@portal/shared';
import type { DB } from '../../db/schema';
import type { DualControl } from '../../platform/dual-control';
import { refuse } from '../../platform/refuse';
import { FLAG_COLUMN } from '../../reference/api-catalogue';
import type { GatewayService } from './gateway.service';

const FLAG_NAMES: Record<FlagField, [string, string]> = {
  status: ['停用', '启用'],
  isOpen: ['取消开放', '开放给合作方'],
  isEncrypt: ['取消加密', '加密'],
  isAra: ['取消防重放', '防重放'],
  isAuth: ['取消鉴权', '鉴权'],
};

interface FlagChange {
  ids: number[];
  field: FlagField;
  value: 0 | 1;
}
type Update = ApiFields & { apiId: number };

const rowsOf = (db: Kysely<DB>, ids: readonly number[]) => db.selectFrom('api_definitions').selectAll().where('api_id', 'in', ids).orderBy('api_id').execute();

async function existing(db: Kysely<DB>, ids: readonly number[]) {
  const rows = await rowsOf(db, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.api_id === id));
  if (missing.length > 0) throw refuse(`接口不存在：编号${missing.join('、')}`);
  return rows;
}

const flagsOf = (r: { status: number; is_open: number; is_encrypt: number; is_ara: number; is_auth: number }) => ({
  status: r.status,
  isOpen: r.is_open,
  isEncrypt: r.is_encrypt,
  isAra: r.is_ara,
  isAuth: r.is_auth,
});

/** The flag of each row as it stands (also what the demo seed records of its changes). */
export async function flagsBefore(db: Kysely<DB>, p: FlagChange) {
  const column = FLAG_COLUMN[p.field];
  const rows = await existing(db, p.ids);
  // The floor refuses when the change is made, not only when it is approved.
  for (const r of rows) {
    const violation = floorViolation(operationById(r.contract_id), r.api_code, { [p.field]: p.value });
    if (violation) throw refuse(violation);
  }
  return rows.map((r) => ({ apiId: r.api_id, apiCode: r.api_code, path: r.path, [p.field]: r[column] }));
}

/** Whether a batch flag change loosens any of its rows: then a second staff member approves it. */
export async function loosensFlag(db: Kysely<DB>, change: FlagChange) {
  const rows = await rowsOf(db, change.ids);
  return rows.some((r) => loosenedFlags(flagsOf(r), { [change.field]: change.value }).length > 0);
}

/** Whether an edit of a definition loosens one of its flags. */
export async function loosensUpdate(db: Kysely<DB>, change: Update) {
  const [row] = await rowsOf(db, [change.apiId]);
  return Boolean(row && loosenedFlags(flagsOf(row), change).length > 0);
}

/** The gateway changes that loosen a call (status on, open, encryption, anti-replay or authentication off), approved by a second staff member. */
export function registerGatewayChanges(dual: DualControl, service: GatewayService) {
  dual.registerChangeKind<FlagChange>({
    kind: 'gateway.flags',
    label: '放宽接口设置',
    snapshot: (db, _enterpriseNo, p) => flagsBefore(db, p),
    summary: (p, before) => `${FLAG_NAMES[p.field][p.value]}：${(before as { apiCode: string }[]).map((r) => r.apiCode).join('、')}`,
    apply: ({ request, payload, confirm }) => service.setFlag(request, payload.ids, payload.field, payload.value, confirm),
  });

  dual.registerChangeKind<Update>({
    kind: 'gateway.update',
    label: '修改接口（放宽）',
    async snapshot(db, _enterpriseNo, p) {
      const [row] = await existing(db, [p.apiId]);
      const r = row!;
      const violation = floorViolation(operationById(r.contract_id), p.apiCode, p);
      if (violation) throw refuse(violation);
      return { apiId: r.api_id, apiCode: r.api_code, apiName: r.api_name, path: r.path, serviceId: r.service_id, priority: r.priority, apiDesc: r.api_desc, ...flagsOf(r) };
    },
    summary: (p, before) => {
      const loosened = loosenedFlags(before as Record<FlagField, number>, p).map((f) => FLAG_NAMES[f][LOOSER_VALUE[f]]);
      return `修改接口 ${p.apiCode}：${loosened.join('、')}`;
    },
    apply: ({ request, payload, confirm }) => {
      const { apiId, ...fields } = payload;
      return service.update(request, apiId, fields, confirm);
    },
  });
}
