import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { sm3Hex } from '../sm3';

const ENTERPRISE = '1000000001';
const ADMIN_SEAT = 'U100000103';
const DAY = 86_400_000;

/**
 * 询证函 of the demo enterprise, one in each state: 有效, 已过期, 已撤销. Their links' tokens are
 * thrown away (only the issuer ever saw one); their documents are made and signed by the bank on
 * first download, since the seed holds no bank key.
 */
export async function seedAuditConfirmations(trx: Transaction<DB>, now = new Date()) {
  const existing = await trx.selectFrom('audit_confirmations').select('id').where('enterprise_no', '=', ENTERPRISE).executeTakeFirst();
  if (existing) return;
  const accounts = await trx
    .selectFrom('cash_days as d')
    .innerJoin('custody_accounts as c', 'c.account_no', 'd.account_no')
    .select(['d.account_no', sql<string>`to_char(max(d.statement_date), 'YYYY-MM-DD')`.as('last')])
    .where('c.enterprise_no', '=', ENTERPRISE)
    .groupBy('d.account_no')
    .orderBy('d.account_no')
    .limit(2)
    .execute();
  if (!accounts.length) return;
  const balanceDate = accounts.map((a) => a.last).sort()[0]!;
  const periodStart = `${balanceDate.slice(0, 7)}-01`;
  const plans = [
    { serial: '3820516497', auditor: '陈立华', firm: '普华永道中天会计师事务所', issuedDaysAgo: 2, validDays: 14, revokedDaysAgo: null },
    { serial: '1174093825', auditor: '刘佳怡', firm: '安永华明会计师事务所', issuedDaysAgo: 40, validDays: 7, revokedDaysAgo: null },
    { serial: '6602751384', auditor: '王志强', firm: '立信会计师事务所', issuedDaysAgo: 12, validDays: 30, revokedDaysAgo: 9 },
  ];
  for (const [n, plan] of plans.entries()) {
    const issuedAt = new Date(now.getTime() - plan.issuedDaysAgo * DAY);
    const stamp = issuedAt.toISOString().slice(0, 10).replace(/-/g, '');
    await trx
      .insertInto('audit_confirmations')
      .values({
        confirmation_no: `QZ${stamp}${plan.serial}`,
        enterprise_no: ENTERPRISE,
        auditor_name: plan.auditor,
        auditor_firm: plan.firm,
        period_start: periodStart,
        balance_date: balanceDate,
        account_nos: accounts.map((a) => a.account_no),
        token_sm3: sm3Hex(randomBytes(32).toString('hex')),
        expires_at: new Date(issuedAt.getTime() + plan.validDays * DAY),
        document: null,
        document_sm3: null,
        issued_by_user_no: ADMIN_SEAT,
        issued_at: issuedAt,
        revoked_at: plan.revokedDaysAgo === null ? null : new Date(now.getTime() - plan.revokedDaysAgo * DAY),
        revoked_by_user_no: plan.revokedDaysAgo === null ? null : ADMIN_SEAT,
        open_count: plan.issuedDaysAgo > 30 ? 3 : n === 0 ? 1 : 0,
        last_opened_at: n === 2 ? null : new Date(issuedAt.getTime() + DAY),
      })
      .execute();
  }
}
