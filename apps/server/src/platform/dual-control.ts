import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { HELD_MESSAGE, RETURN_CODES, adminChangesApi, type AdminChange, type DualControl as DualControlState, type HeldChange, type OperationParsed } from '@portal/shared';
import type { AppContext } from '../app-context';
import type { DB } from '../db/schema';
import { AppError } from '../plugins/errors';
import { BANK_ENTERPRISE } from '../reference/bank';
import { auditedTransaction } from './audit';
import { audited } from './audited';
import { approverCount, changeOf, findWaiver, insertChange, listWaivers, pageOfChanges } from './dual-control.queries';
import { refuse } from './refuse';
import type { SessionInfo } from './sessions';
import { verifyOperationSignature } from './verify-signature';

type Trx = Transaction<DB>;

/** Who made a change: what a kind's snapshot needs to refuse a maker's change to themself. */
export interface Maker {
  userId: number;
  userNo: string;
}

/** The approver's side of a change being applied (see `ChangeKind.apply`). */
export interface Approval<P> {
  request: FastifyRequest;
  /** The approver's session: the write is theirs (their scope, their audit entry). */
  session: SessionInfo;
  payload: P;
  /**
   * Run first inside the write's own transaction: locks the change, checks it still waits, that
   * its target is as the maker saw it, verifies the approver's signature and marks it applied.
   * A refusal after it rolls all of that back.
   */
  confirm: (trx: Trx) => Promise<void>;
}

/**
 * An administrative change that needs a second administrator (docs/features/dual-control.md).
 * `payload` is plain JSON: what the maker asked (the operation's input without its signature).
 */
export interface ChangeKind<P = never> {
  kind: string;
  /** Chinese name for the list: 修改操作员, 放开接口…. */
  label: string;
  /**
   * The target as it stands (the change's "before"), read in `db` (a transaction on approval).
   * A refusal here refuses the change when it is made (unknown target, a maker's change to
   * themself); the value is compared on approval, so a change whose target moved is refused.
   */
  snapshot(db: Kysely<DB>, enterpriseNo: string, payload: P, maker: Maker): Promise<unknown>;
  /** One line naming the change. */
  summary(payload: P, before: unknown): string;
  /** Performs the change as the approver; must call `approval.confirm(trx)` in its transaction. */
  apply(approval: Approval<P>): Promise<unknown>;
}

const M = {
  notFound: '变更不存在',
  decided: (status: string) => `该变更${adminChangesApi.ADMIN_CHANGE_STATUS_LABELS[status as keyof typeof adminChangesApi.ADMIN_CHANGE_STATUS_LABELS]}，不能再处理`,
  ownChange: '不能审批自己提交的变更，请由另一位管理员审批',
  notMaker: '只能撤回自己提交的变更',
  stale: '该变更提交后，其对象已被修改，不能再生效；请撤回后重新提交',
  singleAdmin: '本企业目前只有一位管理员，管理操作须由另一位管理员审批后生效。请联系银行为本企业开立第二位管理员，或申请银行豁免双人审批。',
  singleStaff: '目前只有一位银行管理员，此变更须由另一位银行管理员审批后生效。请先开立第二位管理员。',
} as const;

/** JSON with the keys of every object sorted: a snapshot compares equal however jsonb ordered it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
/** Dates and undefined as jsonb would give them back. */
const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

const withoutSignature = (input: object) => {
  const { signMsg: _m, signChallenge: _c, ...rest } = input as Record<string, unknown>;
  return rest;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * Dual control of administration: kinds registered by feature modules, the holding of a change
 * made by one administrator, and its approval, rejection or withdrawal. Decorated on the app as
 * `dualControl` so feature modules can register before any request.
 */
export class DualControl {
  readonly #ctx: AppContext;
  readonly #kinds = new Map<string, ChangeKind<never>>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.database.db;
  }

  registerChangeKind<P>(kind: ChangeKind<P>) {
    if (this.#kinds.has(kind.kind)) throw new Error(`change kind ${kind.kind} registered twice`);
    this.#kinds.set(kind.kind, kind as unknown as ChangeKind<never>);
  }

  #kind(kind: string) {
    const found = this.#kinds.get(kind);
    if (!found) throw new Error(`change kind ${kind} is not registered`);
    return found;
  }

  /** Whether the enterprise's administration is waived, how many may approve, and the plain message when one is too few. */
  async state(enterpriseNo: string): Promise<DualControlState> {
    const [waiver, administrators] = await Promise.all([findWaiver(this.#db, enterpriseNo), approverCount(this.#db, enterpriseNo)]);
    const message = !waiver && administrators < 2 ? (enterpriseNo === BANK_ENTERPRISE.enterprise_no ? M.singleStaff : M.singleAdmin) : null;
    return { waived: Boolean(waiver), administrators, message };
  }

  /**
   * A maker's change: null when the enterprise is waived (the caller performs it at once);
   * otherwise it is held (the reply answers 202) after the maker's signature, if the operation
   * is signed, is verified and spent. An enterprise with a single administrator is refused
   * plainly, with nothing written.
   */
  async hold(request: FastifyRequest, reply: FastifyReply, session: SessionInfo, kind: string, input: object, derived?: Record<string, unknown>): Promise<HeldChange | null> {
    const state = await this.state(session.enterpriseNo);
    if (state.waived) return null;
    const changeKind = this.#kind(kind);
    const payload = withoutSignature(input) as never;
    const maker = { userId: session.userId, userNo: session.userNo };
    const id = await auditedTransaction(this.#ctx.database, request, 'admin_change.submit', { kind }, new Date(this.#ctx.now()), async (trx, now) => {
      if (state.message) throw refuse(state.message);
      const signature = request.operation?.signing ? await verifyOperationSignature(trx, request, input, derived) : undefined;
      const before = asJson(await changeKind.snapshot(trx, session.enterpriseNo, payload, maker));
      const summary = changeKind.summary(payload, before);
      const changeId = await insertChange(trx, {
        kind,
        enterprise_no: session.enterpriseNo,
        summary,
        payload: JSON.stringify(payload),
        before: JSON.stringify(before),
        status: 'pending',
        maker_user_id: session.userId,
        maker_user_no: session.userNo,
        maker_sign_code: signature?.code ?? null,
        maker_sign_data: signature?.data ?? null,
        maker_sign_msg: signature?.signMsg ?? null,
        created_at: now,
      });
      return { result: changeId, detail: { changeId, summary, before, after: payload } };
    });
    reply.code(202);
    return { pendingChangeId: id, message: HELD_MESSAGE };
  }

  async #pending(trx: Kysely<DB>, session: SessionInfo, changeId: number, lock: boolean) {
    const change = await changeOf(trx, session.enterpriseNo, changeId, lock);
    if (!change) throw new AppError(RETURN_CODES.NOT_FOUND, M.notFound);
    if (change.status !== 'pending') throw refuse(M.decided(change.status));
    return change;
  }

  /** The second administrator's signed decision: pass applies the change as theirs, refuse closes it with the reason. */
  async decide(request: FastifyRequest, session: SessionInfo, input: OperationParsed<typeof adminChangesApi.adminChangeDecide>) {
    const approve = input.result === 'pass';
    type Decided = { status: 'applied' | 'rejected'; result: unknown };
    return audited<Decided>(this.#ctx.database, request, approve ? 'admin_change.approve' : 'admin_change.reject', { changeId: input.changeId }, async () => {
      const change = await this.#pending(this.#db, session, input.changeId, false);
      if (change.maker_user_id === session.userId) throw refuse(M.ownChange);
      const decided = (now: Date) => ({ decided_by_user_id: session.userId, decided_by_user_no: session.userNo, decided_at: now, reason: input.reason || null });
      const signed = (trx: Trx) => verifyOperationSignature(trx, request, input);
      const record = async (trx: Trx, status: 'applied' | 'rejected') => {
        const now = new Date(this.#ctx.now());
        const sig = await signed(trx);
        await trx
          .updateTable('admin_changes')
          .set({ status, ...decided(now), decision_sign_code: sig.code, decision_sign_data: sig.data, decision_sign_msg: sig.signMsg })
          .where('id', '=', change.id)
          .execute();
      };
      if (!approve) {
        await this.#db.transaction().execute(async (trx) => {
          await this.#pending(trx, session, change.id, true);
          await record(trx, 'rejected');
        });
        return { result: { status: 'rejected' as const, result: null }, detail: { kind: change.kind, summary: change.summary, reason: input.reason, makerUserNo: change.maker_user_no } };
      }
      const kind = this.#kind(change.kind);
      let confirmed = false;
      const maker = { userId: change.maker_user_id, userNo: change.maker_user_no };
      const result = await kind.apply({
        request,
        session,
        payload: change.payload as never,
        confirm: async (trx) => {
          await this.#pending(trx, session, change.id, true);
          const now = asJson(await kind.snapshot(trx, change.enterprise_no, change.payload as never, maker).catch((err: unknown) => {
            // The target is gone or no longer the maker's to change: the change is stale.
            throw err instanceof AppError ? refuse(M.stale) : err;
          }));
          if (canonical(now) !== canonical(change.before)) throw refuse(M.stale);
          await record(trx, 'applied');
          confirmed = true;
        },
      });
      if (!confirmed) throw new Error(`change kind ${change.kind} applied without confirming the approval`);
      return { result: { status: 'applied' as const, result: result ?? null }, detail: { kind: change.kind, summary: change.summary, makerUserNo: change.maker_user_no } };
    });
  }

  /** The maker takes back a change still waiting. */
  async withdraw(request: FastifyRequest, session: SessionInfo, changeId: number) {
    await auditedTransaction(this.#ctx.database, request, 'admin_change.withdraw', { changeId }, new Date(this.#ctx.now()), async (trx, now) => {
      const change = await this.#pending(trx, session, changeId, true);
      if (change.maker_user_id !== session.userId) throw refuse(M.notMaker);
      await trx
        .updateTable('admin_changes')
        .set({ status: 'withdrawn', decided_by_user_id: session.userId, decided_by_user_no: session.userNo, decided_at: now })
        .where('id', '=', changeId)
        .execute();
      return { result: null, detail: { kind: change.kind, summary: change.summary } };
    });
  }

  async page(session: SessionInfo, input: OperationParsed<typeof adminChangesApi.adminChangePage>) {
    const { total, records } = await pageOfChanges(this.#db, session.enterpriseNo, input.status, input.page, input.limit);
    const rows: AdminChange[] = records.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindLabel: this.#kinds.get(r.kind)?.label ?? r.kind,
      summary: r.summary,
      status: r.status,
      before: r.before,
      after: r.payload,
      makerUserNo: r.maker_user_no,
      makerName: r.maker_name,
      createdAt: iso(r.created_at)!,
      decidedByUserNo: r.decided_by_user_no,
      decidedByName: r.decided_by_name,
      decidedAt: iso(r.decided_at),
      reason: r.reason,
      mine: r.maker_user_id === session.userId,
    }));
    return { total, records: rows, control: await this.state(session.enterpriseNo) };
  }

  async waivers() {
    return (await listWaivers(this.#db)).map((w) => ({ enterpriseNo: w.enterprise_no, enterpriseName: w.enterprise_name, reason: w.reason, waivedByUserNo: w.waived_by_user_no, waivedAt: iso(w.waived_at)! }));
  }

  /** Bank staff waive (or restore) an enterprise's dual control; audited with before and after. */
  async waive(request: FastifyRequest, session: SessionInfo, input: OperationParsed<typeof adminChangesApi.dualControlWaive>) {
    await auditedTransaction(this.#ctx.database, request, 'dual_control.waive', { enterpriseNo: input.enterpriseNo }, new Date(this.#ctx.now()), async (trx, now) => {
      const enterprise = await trx.selectFrom('enterprises').select('enterprise_name').where('enterprise_no', '=', input.enterpriseNo).executeTakeFirst();
      if (!enterprise) throw new AppError(RETURN_CODES.NOT_FOUND, '企业不存在');
      const before = await findWaiver(trx, input.enterpriseNo);
      await trx.deleteFrom('dual_control_waivers').where('enterprise_no', '=', input.enterpriseNo).execute();
      if (input.waived) {
        await trx
          .insertInto('dual_control_waivers')
          .values({ enterprise_no: input.enterpriseNo, reason: input.reason, waived_by_user_id: session.userId, waived_by_user_no: session.userNo, waived_at: now })
          .execute();
      }
      return {
        result: null,
        detail: { enterpriseName: enterprise.enterprise_name, before: { waived: Boolean(before), reason: before?.reason ?? null }, after: { waived: input.waived, reason: input.waived ? input.reason : null } },
      };
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature modules register their administrative change kinds here (docs/features/dual-control.md). */
    dualControl: DualControl;
  }
}
