import type { Transporter } from 'nodemailer';
import { retryDelayMs } from '@portal/shared';
import type { AppContext } from '../../app-context';

/** A mail is tried this many times, then left in the outbox with its last error. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long an instance holds the mails it took before another may take them again. */
const LEASE_MS = 120_000;
const BATCH = 20;

/**
 * Sends the outbox after the commits that filled it. Each instance takes due mails under a lease
 * (`FOR UPDATE SKIP LOCKED`): two instances never send one mail twice, and a mail an instance
 * died holding is taken again once its lease passes. A failure waits longer each time; it never
 * reaches the business write that caused it. Without SMTP_URL nothing is sent (in-app only).
 */
export class Mailer {
  #transport: Promise<Transporter> | undefined;
  #running: Promise<number> | undefined;
  #again = false;

  constructor(private readonly ctx: AppContext) {}

  get enabled() {
    return Boolean(this.ctx.config.SMTP_URL);
  }

  #transporter() {
    // nodemailer is loaded on first use: most starts never send a mail.
    this.#transport ??= import('nodemailer').then((m) => m.default.createTransport(this.ctx.config.SMTP_URL!));
    return this.#transport;
  }

  /**
   * Sends what is due now; one pass at a time per instance. Asked during a pass (a mail committed
   * after it looked), another pass follows it. Answers how many went.
   */
  sendDue(now?: number): Promise<number> {
    if (!this.enabled) return Promise.resolve(0);
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      let sent = 0;
      do {
        this.#again = false;
        sent += await this.#pass(now ?? this.ctx.now());
      } while (this.#again);
      return sent;
    })().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #pass(nowMs: number) {
    const db = this.ctx.database.db;
    const now = new Date(nowMs);
    const taken = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('notification_mails')
        .select(['id', 'to_address', 'subject', 'text', 'attempts'])
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAIL_MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length > 0) await trx.updateTable('notification_mails').set({ locked_until: new Date(nowMs + LEASE_MS) }).where('id', 'in', rows.map((r) => r.id)).execute();
      return rows;
    });
    if (taken.length === 0) return 0;
    const transport = await this.#transporter();
    let sent = 0;
    for (const mail of taken) {
      try {
        await transport.sendMail({ from: this.ctx.config.MAIL_FROM, to: mail.to_address, subject: mail.subject, text: mail.text });
        await db.updateTable('notification_mails').set({ sent_at: new Date(this.ctx.now()), locked_until: null, attempts: mail.attempts + 1, last_error: null }).where('id', '=', mail.id).execute();
        sent++;
      } catch (err) {
        const attempts = mail.attempts + 1;
        await db
          .updateTable('notification_mails')
          .set({ attempts, locked_until: null, next_attempt_at: new Date(nowMs + retryDelayMs(attempts)), last_error: String((err as Error).message ?? err).slice(0, 500) })
          .where('id', '=', mail.id)
          .execute();
      }
    }
    return sent;
  }

  close() {
    const transport = this.#transport;
    this.#transport = undefined;
    return transport?.then((t) => t.close()).catch(() => undefined);
  }
}
