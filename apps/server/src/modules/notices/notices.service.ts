import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { CODE_TABLES, RETURN_CODES, formatDateTime, type OperationParsed, type noticesApi, type AuditEventCode } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { markSubjectsRead, notify, withdrawSubject, type Notified } from '../messages';
import {
  audienceEnterpriseNos,
  audienceSeats,
  customerEnterpriseNos,
  findForStaff,
  insertNotice,
  insertReads,
  lockNotice,
  replaceAudience,
  updateNotice,
  visibleIds,
  type Reader,
} from './notices.queries';
import { cleanNoticeBody, hasContent } from './sanitize';

type Trx = Transaction<DB>;
type Fields = OperationParsed<typeof noticesApi.noticeAdd>;

export const NOTICE_MESSAGES = {
  notFound: '风险提示不存在',
  stale: '风险提示已被他人修改，请刷新后重试',
  notDraft: '只有草稿状态的风险提示可以修改或发布',
  notPublished: '只有已发布的风险提示可以撤回',
  expirePast: '失效时间须晚于当前时间',
  emptyBody: '请输入正文',
} as const;

const notFound = () => new AppError(RETURN_CODES.NOT_FOUND, NOTICE_MESSAGES.notFound);

/** 风险提示's page opens the notice named here (and reading it there marks its notification read). */
export const RISK_NOTICE_PATH = '/addedServices/riskManagement/index';
/** The 消息中心 subject of notice `id`: one notification per reading seat. */
const subjectOf = (id: number) => `riskNotice:${id}`;

/** What a change means for readers, so the caller can tell them: which enterprises (or all), and whether it is urgent. */
export interface NoticeChange {
  id: number;
  level: string;
  audience: 'all' | 'chosen';
  enterpriseNos: string[];
}

/**
 * The writes of risk notices. Staff writes run in one transaction with their audit entry; a
 * refusal is audited after the rollback. A body is cleaned before anything is stored.
 */
export class NoticeDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  now() {
    return new Date(this.#ctx.now());
  }

  #write<T>(request: FastifyRequest, event: AuditEventCode, target: Record<string, unknown>, work: (trx: Trx, now: Date) => Promise<{ result: T; detail: Record<string, unknown> }>): Promise<T> {
    return auditedTransaction(this.#ctx.database, request, event, target, this.now(), work);
  }

  /** The cleaned fields, refused when the body says nothing once cleaned or the expiry has passed. */
  async #checked(trx: Trx, input: Fields, now: Date) {
    const body = cleanNoticeBody(input.body);
    if (!hasContent(body)) throw refuse(NOTICE_MESSAGES.emptyBody);
    if (new Date(input.expireAt) <= now) throw refuse(NOTICE_MESSAGES.expirePast);
    const enterpriseNos = input.audience === 'chosen' ? [...new Set(input.enterpriseNos)].sort() : [];
    if (enterpriseNos.length > 0) {
      const known = new Set(await customerEnterpriseNos(trx, enterpriseNos));
      const unknown = enterpriseNos.filter((no) => !known.has(no));
      if (unknown.length > 0) throw refuse(`客户企业不存在：${unknown.join('、')}`);
    }
    return { title: input.title, body, level: input.level, audience: input.audience, expire_at: new Date(input.expireAt), enterpriseNos };
  }

  async #locked(trx: Trx, id: number) {
    const row = await lockNotice(trx, id);
    if (!row) throw notFound();
    return row;
  }

  async #staffView(trx: Kysely<DB>, id: number, now: Date) {
    const { body: _body, ...notice } = (await findForStaff(trx, id, now))!;
    return notice;
  }

  add(request: FastifyRequest, session: SessionInfo, input: Fields) {
    return this.#write(request, 'risk_notice.add', { title: input.title, level: input.level, audience: input.audience }, async (trx, now) => {
      const { enterpriseNos, ...fields } = await this.#checked(trx, input, now);
      const id = await insertNotice(trx, { ...fields, created_by_user_id: session.userId, created_at: now, updated_at: now });
      await replaceAudience(trx, id, enterpriseNos);
      return { result: await this.#staffView(trx, id, now), detail: { id, after: { ...fields, body: undefined, enterpriseNos } } };
    });
  }

  update(request: FastifyRequest, input: OperationParsed<typeof noticesApi.noticeUpdate>) {
    return this.#write(request, 'risk_notice.update', { id: input.id }, async (trx, now) => {
      const before = await this.#locked(trx, input.id);
      if (before.status !== 'draft') throw refuse(NOTICE_MESSAGES.notDraft);
      if (before.version !== input.version) throw refuse(NOTICE_MESSAGES.stale);
      const { enterpriseNos, ...fields } = await this.#checked(trx, input, now);
      await updateNotice(trx, input.id, { ...fields, version: before.version + 1, updated_at: now });
      await replaceAudience(trx, input.id, enterpriseNos);
      return { result: await this.#staffView(trx, input.id, now), detail: { before: { title: before.title, level: before.level, audience: before.audience }, after: { title: fields.title, level: fields.level, audience: fields.audience, enterpriseNos } } };
    });
  }

  /**
   * Publishes a draft now and, in the same transaction, puts it in 消息中心 of every seat it
   * addresses (one INSERT … SELECT however many enterprises); answers the notice, who must hear
   * of it, and what to announce.
   */
  async publish(request: FastifyRequest, id: number) {
    let change: NoticeChange | undefined;
    let notified: Notified | undefined;
    const notice = await this.#write(request, 'risk_notice.publish', { id }, async (trx, now) => {
      const row = await this.#locked(trx, id);
      if (row.status !== 'draft') throw refuse(NOTICE_MESSAGES.notDraft);
      if (new Date(row.expire_at) <= now) throw refuse(NOTICE_MESSAGES.expirePast);
      await updateNotice(trx, id, { status: 'published', published_at: now, version: row.version + 1, updated_at: now });
      change = await this.#change(trx, row);
      const level = (CODE_TABLES.riskLevel as Record<string, string>)[row.level] ?? '';
      notified = await notify(trx, {
        recipients: audienceSeats(trx, id).select('un.user_no'),
        kind: 'riskNotice',
        title: row.title,
        body: `托管行发布了${level ? `${level}级别的` : ''}风险提示，请及时阅读（有效期至 ${formatDateTime(row.expire_at)}）。`,
        link: `${RISK_NOTICE_PATH}?notice=${id}`,
        subject: subjectOf(id),
        at: now,
      });
      return { result: await this.#staffView(trx, id, now), detail: { title: row.title, level: row.level, notified: notified.ids.length } };
    });
    return { notice, change: change!, notified: notified! };
  }

  async withdraw(request: FastifyRequest, input: OperationParsed<typeof noticesApi.noticeWithdraw>) {
    let change: NoticeChange | undefined;
    const notice = await this.#write(request, 'risk_notice.withdraw', { id: input.id, reason: input.reason }, async (trx, now) => {
      const row = await this.#locked(trx, input.id);
      if (row.status !== 'published') throw refuse(NOTICE_MESSAGES.notPublished);
      await updateNotice(trx, input.id, { status: 'withdrawn', withdrawn_at: now, withdraw_reason: input.reason, version: row.version + 1, updated_at: now });
      // Readers can no longer open it, so its notifications go too.
      await withdrawSubject(trx, subjectOf(input.id));
      change = await this.#change(trx, row);
      return { result: await this.#staffView(trx, input.id, now), detail: { title: row.title } };
    });
    return { notice, change: change! };
  }

  async #change(trx: Trx, row: { id: number; level: string; audience: 'all' | 'chosen' }): Promise<NoticeChange> {
    return { id: row.id, level: row.level, audience: row.audience, enterpriseNos: await audienceEnterpriseNos(trx, row.id) };
  }

  /**
   * Records the seat's read receipts and marks their 消息中心 notifications read, in one
   * transaction; every id must be a notice the seat may see (all or nothing). Answers how many
   * receipts are new and how many notifications changed.
   */
  async markRead(reader: Reader & Pick<SessionInfo, 'userId'>, ids: readonly number[] | 'all') {
    const visible = await visibleIds(this.#ctx.database.db, reader, ids);
    if (ids !== 'all' && visible.length !== new Set(ids).size) throw notFound();
    if (visible.length === 0) return { marked: 0, messages: 0 };
    const now = this.now();
    return this.#ctx.database.db.transaction().execute(async (trx) => ({
      marked: await insertReads(trx, visible.map((notice_id) => ({ notice_id, user_no: reader.userNo, user_id: reader.userId, read_at: now }))),
      messages: await markSubjectsRead(trx, reader.userNo, visible.map(subjectOf), now),
    }));
  }
}
