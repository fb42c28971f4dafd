import { sql, type Kysely } from 'kysely';
import { formatDate } from '@portal/shared';
import type { DB } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/password-hash';
import { generateAccounts, prng } from '../../apps/server/src/seed/accounts-data';
import { benchEnterprises } from '../lib/enterprises';

export const PASSWORD = 'Scale1234';
export type Role = 'maker' | 'reviewer' | 'checker' | 'executor';
/** Ten virtual users per enterprise, in this order, so a remainder still has every duty early on. */
const PATTERN: Role[] = ['maker', 'reviewer', 'executor', 'checker', 'maker', 'executor', 'maker', 'reviewer', 'maker', 'maker'];
const ROLE_CODE: Record<Role, string> = { maker: 'CUSTOMER_MAKER', reviewer: 'CUSTOMER_REVIEWER', checker: 'STAFF_CUSTODIAN_CHECKER', executor: 'STAFF_CUSTODIAN_EXECUTOR' };
const BANK = '9000000001';
/** Usable yuan accounts per enterprise, each reviewed by one of its reviewers. */
export const ACCOUNTS = 4;
export const BALANCE = '50000000.00';
/** The limits of the accounts by index: the amounts (up to 200,000) meet the single limit now and then, the daily one in long runs. */
const LIMITS: { single: string | null; daily: string | null }[] = [
  { single: '180000.00', daily: '3000000.00' },
  { single: null, daily: '5000000.00' },
  { single: '190000.00', daily: null },
  { single: null, daily: null },
];
export const NOTICES = 40;
export const WARNINGS_PER_MAKER = 300;

export interface LoadUser {
  index: number;
  username: string;
  userNo: string;
  role: Role;
  /** The enterprise the user works for; for bank staff, the one whose instructions it takes. */
  enterpriseNo: string;
  /** Among the users of its duty in the enterprise (reviewers review every other account, executors every other id). */
  rank: number;
  peers: number;
}

/**
 * The load users of `count` virtual users, in SQL as bench/instructions.ts makes its seats, with
 * the seed's account generator: an enterprise per ten users (makers, reviewers, and bank staff
 * who check and execute that enterprise's instructions), four usable yuan accounts each with room
 * and limits, every maker entering on all of them and each reviewer reviewing half; open warnings
 * for each maker to handle and notices to read. The starting balances stay in
 * scale_start_balances for the checks after the run.
 */
export async function createLoadUsers(db: Kysely<DB>, count: number): Promise<LoadUser[]> {
  const enterprises = benchEnterprises(Math.ceil(count / PATTERN.length));
  const users: LoadUser[] = Array.from({ length: count }, (_, i) => ({
    index: i,
    username: `scale${i}`,
    userNo: `${['checker', 'executor'].includes(PATTERN[i % PATTERN.length]!) ? 'S7' : 'U6'}${String(i).padStart(8, '0')}`,
    role: PATTERN[i % PATTERN.length]!,
    enterpriseNo: enterprises[Math.floor(i / PATTERN.length)]!.enterprise_no,
    rank: 0,
    peers: 0,
  }));
  for (const u of users) {
    const same = users.filter((o) => o.enterpriseNo === u.enterpriseNo && o.role === u.role);
    u.rank = same.indexOf(u);
    u.peers = same.length;
  }
  await db.insertInto('enterprises').values(enterprises).onConflict((oc) => oc.column('enterprise_no').doNothing()).execute();
  const accounts = enterprises.flatMap((e, i) =>
    generateAccounts(e, ACCOUNTS, 7_000_000 + i * 100, prng(31_000 + i)).map(({ short: _short, ...a }, k) => ({
      ...a,
      status: '00',
      currency: 'CNY',
      balance: BALANCE,
      third_party_enterprise_no: null,
      account_no: `1025999${String(i).padStart(6, '0')}${String(k).padStart(4, '0')}`,
      k,
    })),
  );
  await db.insertInto('custody_accounts').values(accounts.map(({ k: _k, ...a }) => a)).execute();
  await db
    .insertInto('ebank_accounts')
    .values(accounts.map((a) => ({ account_no: a.account_no, enterprise_no: a.enterprise_no, alias: `压测${a.k}`, single_limit: LIMITS[a.k]!.single, daily_limit: LIMITS[a.k]!.daily, added_by: 'scale' })))
    .execute();

  const passwordHash = await hashPassword(PASSWORD);
  const rows = await db
    .insertInto('users')
    .values(users.map((u) => ({ username: u.username, password_hash: passwordHash, nick_name: `压测${u.index}`, user_type: u.role === 'checker' || u.role === 'executor' ? ('staff' as const) : ('customer' as const) })))
    .returning(['user_id', 'username'])
    .execute();
  const idOf = new Map(rows.map((r) => [r.username, r.user_id]));
  const userNo = (u: LoadUser) => u.userNo;
  await db
    .insertInto('user_numbers')
    .values(users.map((u) => ({ user_no: userNo(u), user_id: idOf.get(u.username)!, enterprise_no: u.role === 'checker' || u.role === 'executor' ? BANK : u.enterpriseNo })))
    .execute();
  const roles = new Map((await db.selectFrom('roles').select(['role_id', 'role_code']).execute()).map((r) => [r.role_code, r.role_id]));
  await db
    .insertInto('user_number_roles')
    .values(users.map((u) => ({ user_no: userNo(u), role_id: roles.get(ROLE_CODE[u.role])! })))
    .execute();
  const rights = users.flatMap((u) =>
    u.role !== 'maker' && u.role !== 'reviewer'
      ? []
      : accounts
          .filter((a) => a.enterprise_no === u.enterpriseNo && (u.role === 'maker' || a.k % u.peers === u.rank))
          .map((a) => ({ user_no: userNo(u), account_no: a.account_no, enterprise_no: a.enterprise_no, can_query: true, can_entry: u.role === 'maker', can_review: u.role === 'reviewer', updated_by: 'scale' })),
  );
  if (rights.length > 0) await db.insertInto('account_auth').values(rights).execute();

  const staff = users.find((u) => u.role === 'checker') ?? users[0]!;
  await warningsAndNotices(db, users, accounts, { userId: idOf.get(staff.username)!, userNo: userNo(staff) });
  await sql`create table scale_start_balances as select account_no, balance from custody_accounts where account_no like '1025999%'`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return users;
}

/** Open pre-cleaning reminders (one feed per enterprise, as if imported) and published notices for every customer. */
async function warningsAndNotices(db: Kysely<DB>, users: LoadUser[], accounts: { account_no: string; enterprise_no: string }[], importer: { userId: number; userNo: string }) {
  const today = formatDate(Date.now());
  for (const enterpriseNo of new Set(users.map((u) => u.enterpriseNo))) {
    const makers = users.filter((u) => u.enterpriseNo === enterpriseNo && u.role === 'maker').length;
    const rowCount = Math.min(5_000, Math.max(1, makers * WARNINGS_PER_MAKER));
    const feed = await db
      .insertInto('warning_feeds')
      .values({ feed_id: `SCALE-${enterpriseNo}`, kind: 'preCleaning', file_name: `YQSTX_${enterpriseNo}.csv`, file_digest: '0'.repeat(64), row_count: rowCount, enterprise_count: 1, imported_by_user_id: importer.userId, imported_by_user_no: importer.userNo })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = accounts.filter((a) => a.enterprise_no === enterpriseNo);
    await sql`
      insert into pre_cleaning_reminders (feed_id, row_no, enterprise_no, account_no, settle_date, market, amount_due, available_balance)
      select ${feed.id}, g, ${enterpriseNo}, (${own.map((a) => a.account_no)}::text[])[1 + g % ${own.length}], ${today}::date - g / ${own.length}, 'SH', 100000 + g, 50000
      from generate_series(1, ${rowCount}) g`.execute(db);
  }
  const admin = await db.selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirst();
  const now = Date.now();
  await db
    .insertInto('risk_notices')
    .values(
      Array.from({ length: NOTICES }, (_, i) => ({
        title: `压力测试风险提示${i + 1}`,
        body: `<p>压力测试用风险提示，第${i + 1}条。</p>`,
        level: i % 2 === 0 ? '1' : '2',
        audience: 'all' as const,
        status: 'published' as const,
        expire_at: new Date(now + 30 * 86_400_000),
        published_at: new Date(now - (NOTICES - i) * 60_000),
        created_by_user_id: admin?.user_id ?? importer.userId,
        updated_at: new Date(now),
      })),
    )
    .execute();
}
