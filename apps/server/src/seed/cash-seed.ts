import { sql, type Insertable, type Transaction } from 'kysely';
import { portalCrypto } from '@portal/crypto';
import { formatDate, signingData } from '@portal/shared';
import type { CashEntriesTable, DB } from '../db/schema';
import { accountsInScope, statementOf } from '../modules/cash/cash.queries';
import { reconcileItems } from '../modules/cash/reconcile';
import { sm3Hex } from '../sm3';
import { prng } from './accounts-data';

/**
 * Demo cash statements over the last 90 days, as the custodian's daily files would have brought
 * them: one file per business day (most CSV, every fifth a camt.053), imported by a checker at
 * 07:00 the next morning, for a few current yuan accounts of each demo enterprise and one account
 * the third-party institution oversees. The executed demo instructions on those accounts are
 * their debit entries with the instruction number; one executed today has no statement yet (在途).
 * Idempotent: when any statement exists, nothing is added.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const DAYS = 90;
const dayStart = (ms: number) => Date.parse(`${formatDate(ms)}T00:00:00+08:00`);
const isBusinessDay = (ms: number) => ![0, 6].includes(new Date(ms + 8 * HOUR).getUTCDay());

/** Accounts per enterprise that get statements. */
const PLAN = [
  { enterprise_no: '1000000001', accounts: 5 },
  { enterprise_no: '1000000002', accounts: 3 },
  { enterprise_no: '1000000003', accounts: 2 },
] as const;

const CREDITS = [
  { summary: '申购款', counterparty: '华夏远航基金销售专户', min: 200_000, max: 8_000_000 },
  { summary: '证券清算款', counterparty: '中国证券登记结算有限责任公司上海分公司', min: 50_000, max: 3_000_000 },
  { summary: '活期利息', counterparty: '华夏银行', min: 80, max: 12_000 },
  { summary: '债券付息', counterparty: '银行间市场清算所股份有限公司', min: 20_000, max: 900_000 },
];
const DEBITS = [
  { summary: '赎回款', counterparty: '华夏远航基金销售专户', min: 100_000, max: 4_000_000 },
  { summary: '管理费', counterparty: '华夏远航资产管理有限公司', min: 10_000, max: 300_000 },
  { summary: '托管费', counterparty: '华夏银行股份有限公司资产托管部', min: 2_000, max: 60_000 },
  { summary: '证券清算款', counterparty: '中国证券登记结算有限责任公司深圳分公司', min: 50_000, max: 2_500_000 },
];
const COUNTERPARTY_ACCOUNTS = ['31050161373700001234', '11001018400053007788', '0200001019200123456', '44050147000800001122'];

export async function seedCashStatements(trx: Transaction<DB>, now = Date.now()) {
  if (await trx.selectFrom('cash_feeds').select('id').limit(1).executeTakeFirst()) return;
  const importer =
    (await trx
      .selectFrom('user_numbers as un')
      .innerJoin('user_number_roles as ur', 'ur.user_no', 'un.user_no')
      .innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id')
      .select(['un.user_no', 'un.user_id'])
      .where('ra.authority', 'in', ['CASH_IMPORT', 'WARNING_IMPORT'])
      .orderBy(sql`case when ra.authority = 'CASH_IMPORT' then 0 else 1 end`)
      .orderBy('un.user_no')
      .executeTakeFirst()) ?? null;
  if (!importer) return;

  // The accounts: the enterprise's current yuan accounts in e-banking with executed instructions first.
  const chosen: { account_no: string; enterprise_no: string; balance: number }[] = [];
  for (const plan of PLAN) {
    const rows = await trx
      .selectFrom('custody_accounts as c')
      .innerJoin('ebank_accounts as e', 'e.account_no', 'c.account_no')
      .select(['c.account_no', 'c.enterprise_no', sql<string>`c.balance::text`.as('balance')])
      .select((eb) => eb.selectFrom('instructions as i').select(eb.fn.countAll<string>().as('n')).whereRef('i.payer_account_no', '=', 'c.account_no').where('i.status', '=', '60').as('executed'))
      .where('c.enterprise_no', '=', plan.enterprise_no)
      .where('c.status', '=', '00')
      .where('c.currency', '=', 'CNY')
      .orderBy('c.account_no')
      .execute();
    const sorted = [...rows].sort((a, b) => Number(b.executed ?? 0) - Number(a.executed ?? 0) || a.account_no.localeCompare(b.account_no));
    for (const r of sorted.slice(0, plan.accounts)) chosen.push({ account_no: r.account_no, enterprise_no: r.enterprise_no, balance: Number(r.balance) });
  }
  const overseen = await trx.selectFrom('custody_accounts').select(['account_no', 'enterprise_no', sql<string>`balance::text`.as('balance')]).where('third_party_enterprise_no', '=', '2000000001').where('currency', '=', 'CNY').orderBy('account_no').executeTakeFirst();
  if (overseen && !chosen.some((c) => c.account_no === overseen.account_no)) chosen.push({ account_no: overseen.account_no, enterprise_no: overseen.enterprise_no, balance: Number(overseen.balance) });
  if (chosen.length === 0) return;

  const executed = await trx
    .selectFrom('instructions')
    .select(['instruction_no', 'payer_account_no', sql<string>`amount::text`.as('amount'), sql<string>`to_char(value_date, 'YYYY-MM-DD')`.as('value_date'), 'payee_name', 'payee_account_no', 'purpose', 'enterprise_no', 'currency', 'updated_at'])
    .where('status', '=', '60')
    .where('payer_account_no', 'in', chosen.map((c) => c.account_no))
    .execute();
  const today = dayStart(now);
  const todayText = formatDate(today);
  const days = Array.from({ length: DAYS }, (_, i) => today - (DAYS - i) * DAY).filter(isBusinessDay);
  const firstDay = formatDate(days[0]!);
  const byDay = new Map<string, typeof executed>();
  for (const i of executed) {
    if (i.value_date < firstDay) continue;
    byDay.set(`${i.payer_account_no}|${i.value_date}`, [...(byDay.get(`${i.payer_account_no}|${i.value_date}`) ?? []), i]);
  }

  const rnd = prng(29_0001);
  const cents = (n: number) => Math.round(n * 100);
  const text = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
  // Each account starts the 90 days with its register balance, some tens of millions when that is small.
  const running = new Map(chosen.map((c) => [c.account_no, cents(Math.max(c.balance, 30_000_000 + rnd.int(0, 50_000_000)))]));
  let ref = 0;
  for (const [index, day] of days.entries()) {
    const date = formatDate(day);
    const feedId = `ZJDZ${date.replace(/-/g, '')}01`;
    const camt = index % 5 === 4;
    const importedAt = new Date(day + DAY + 7 * HOUR);
    const dayRows: { account_no: string; opening: number; closing: number }[] = [];
    const entries: Insertable<CashEntriesTable>[] = [];
    for (const account of chosen) {
      const opening = running.get(account.account_no)!;
      let balance = opening;
      const add = (direction: 'C' | 'D', amount: number, summary: string, counterparty: string, counterpartyAccount: string, instructionNo: string | null, valueDate = date) => {
        ref += 1;
        balance += direction === 'C' ? amount : -amount;
        entries.push({
          account_no: account.account_no,
          enterprise_no: account.enterprise_no,
          booking_date: date,
          value_date: valueDate,
          direction,
          amount: text(amount),
          currency: 'CNY',
          counterparty_name: counterparty,
          counterparty_account: counterpartyAccount,
          summary,
          instruction_no: instructionNo,
          ref: `${camt ? 'N' : 'R'}${date.replace(/-/g, '')}${String(ref).padStart(6, '0')}`,
          feed_id: 0,
          row_no: entries.length + 2,
          source: instructionNo ? 'instruction' : 'feed',
          created_at: importedAt,
        });
      };
      for (let n = rnd.int(0, 2); n > 0; n -= 1) {
        const kind = rnd.pick(CREDITS);
        add('C', cents(rnd.int(kind.min, kind.max)) + rnd.int(0, 99), kind.summary, kind.counterparty, rnd.pick(COUNTERPARTY_ACCOUNTS), null);
      }
      for (const i of byDay.get(`${account.account_no}|${date}`) ?? []) add('D', cents(Number(i.amount)), i.purpose, i.payee_name, i.payee_account_no, i.instruction_no);
      for (let n = rnd.int(0, 2); n > 0; n -= 1) {
        const kind = rnd.pick(DEBITS);
        const amount = cents(rnd.int(kind.min, kind.max)) + rnd.int(0, 99);
        if (amount < balance) add('D', amount, kind.summary, kind.counterparty, rnd.pick(COUNTERPARTY_ACCOUNTS), null);
      }
      running.set(account.account_no, balance);
      dayRows.push({ account_no: account.account_no, opening, closing: balance });
    }
    const { id } = await trx
      .insertInto('cash_feeds')
      .values({
        feed_id: camt ? `CAMT${date.replace(/-/g, '')}01` : feedId,
        format: camt ? 'camt.053.001.08' : 'CSV',
        file_name: camt ? `camt053_${date.replace(/-/g, '')}.xml` : `资金对账单_${date.replace(/-/g, '')}.csv`,
        file_digest: sm3Hex(`${feedId}|${JSON.stringify(dayRows)}|${entries.length}`),
        day_count: dayRows.length,
        entry_count: entries.length,
        enterprise_count: new Set(chosen.map((c) => c.enterprise_no)).size,
        imported_by_user_id: importer.user_id,
        imported_by_user_no: importer.user_no,
        imported_at: importedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('cash_days')
      .values(dayRows.map((d) => ({ account_no: d.account_no, statement_date: date, feed_id: id, currency: 'CNY', opening: text(d.opening), closing: text(d.closing) })))
      .execute();
    if (entries.length > 0) await trx.insertInto('cash_entries').values(entries.map((e) => ({ ...e, feed_id: id }))).execute();
  }
  // Executed since the last statement: written at execution, awaiting the custodian's file (在途).
  const pending = executed.filter((i) => i.value_date >= todayText);
  if (pending.length > 0) {
    await trx
      .insertInto('cash_entries')
      .values(
        pending.map((i) => ({
          account_no: i.payer_account_no,
          enterprise_no: i.enterprise_no,
          booking_date: todayText,
          value_date: i.value_date,
          direction: 'D' as const,
          amount: i.amount,
          currency: i.currency,
          counterparty_name: i.payee_name,
          counterparty_account: i.payee_account_no,
          summary: i.purpose,
          instruction_no: i.instruction_no,
          source: 'instruction' as const,
          created_at: i.updated_at,
        })),
      )
      .execute();
  }
}

/**
 * Demo answers (电子对账) of the enterprises' seats that may reconcile: most ended months 相符;
 * on 华夏远航's first account the latest month 不符 and answered by the bank, on its second one
 * 不符 still waiting for the bank's answer; the latest month of the others still due. Each is
 * signed like a real one, by a demo device key, over the statement the server holds.
 */
export async function seedReconciliations(trx: Transaction<DB>, now = Date.now()) {
  if (await trx.selectFrom('cash_reconciliations').select('id').limit(1).executeTakeFirst()) return;
  const today = formatDate(now);
  const items = await reconcileItems(trx, null, today);
  if (items.length === 0) return;
  const signers = await trx
    .selectFrom('user_numbers as un')
    .innerJoin('user_number_roles as ur', 'ur.user_no', 'un.user_no')
    .innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id')
    .select(['un.user_no', 'un.user_id', 'un.enterprise_no'])
    .where('ra.authority', '=', 'CASH_RECONCILE')
    .orderBy('un.user_no')
    .execute();
  const replier = await trx.selectFrom('user_numbers as un').innerJoin('user_number_roles as ur', 'ur.user_no', 'un.user_no').innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id').select('un.user_no').where('ra.authority', '=', 'CASH_RECONCILE_MANAGE').orderBy('un.user_no').executeTakeFirst();
  const key = await portalCrypto.sm2GenerateKeyPair();
  const rnd = prng(29_0002);
  const latest = items.reduce((m, i) => (i.periodStart > m ? i.periodStart : m), '');
  const accountsOf = new Map<string, string[]>();
  for (const i of items) accountsOf.set(i.enterpriseNo, [...new Set([...(accountsOf.get(i.enterpriseNo) ?? []), i.accountNo])]);
  for (const item of items) {
    const signer = signers.find((s) => s.enterprise_no === item.enterpriseNo);
    if (!signer) continue;
    const position = accountsOf.get(item.enterpriseNo)!.indexOf(item.accountNo);
    const isLatest = item.periodStart === latest;
    const mismatch = isLatest && item.enterpriseNo === '1000000001' && position < 2;
    if (isLatest && !mismatch) continue;
    const account = (await accountsInScope(trx, item.enterpriseNo, item.accountNo))[0]!;
    const statement = await statementOf(trx, account, item.periodStart, item.periodEnd);
    const disputed = mismatch ? statement.entries.filter((e) => e.direction === 'D').slice(0, 1).map((e) => e.id) : [];
    const reason = mismatch ? (position === 0 ? '托管费金额与我方计提不一致，请核实' : '10月下旬一笔赎回款我方未见到账记录') : '';
    const values = { accountNo: item.accountNo, periodStart: item.periodStart, periodEnd: item.periodEnd, result: mismatch ? 'mismatch' : 'match', opening: statement.opening, closing: statement.closing, entryCount: statement.entries.length, entryIds: disputed, reason };
    const signData = `${signingData('CashReconcile', values)}|${Array.from({ length: 32 }, () => '0123456789abcdef'[rnd.int(0, 15)]).join('')}`;
    const signMsg = portalCrypto.toBase64(await portalCrypto.sm2Sign(key.privateKey, portalCrypto.utf8Encode(signData)));
    const signedAt = new Date(Date.parse(`${item.periodEnd}T00:00:00+08:00`) + rnd.int(2, 9) * DAY + rnd.int(9, 17) * HOUR);
    const replied = mismatch && position === 0 && replier;
    await trx
      .insertInto('cash_reconciliations')
      .values({
        enterprise_no: item.enterpriseNo,
        account_no: item.accountNo,
        period_start: item.periodStart,
        period_end: item.periodEnd,
        result: mismatch ? 'mismatch' : 'match',
        opening: statement.opening,
        closing: statement.closing,
        entry_count: statement.entries.length,
        entry_ids: disputed,
        reason,
        signed_by_user_id: signer.user_id,
        signed_by_user_no: signer.user_no,
        sign_data: signData,
        sign_msg: signMsg,
        device_key: key.publicKey,
        signed_at: new Date(Math.min(signedAt.getTime(), now - HOUR)),
        ...(replied ? { reply: '经核实，该笔托管费系按季度计提后的月度分摊，差额将于下月对账单调整，请以调整后余额为准。', replied_by_user_no: replier.user_no, replied_at: new Date(now - 2 * HOUR) } : {}),
      })
      .execute();
  }
}
