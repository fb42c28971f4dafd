import { sql, type Transaction } from 'kysely';
import { businessCalendar, defaultValueDate, formatDate } from '@portal/shared';
import type { DB } from '../db/schema';
import { DEMO_CALENDAR } from './calendar-seed';

const ENTERPRISE = '1000000001';
/** 张晓明 enters; 李静 and 周洋 review (周洋 up to his limit); 刘芳, the administrator, keeps the rule. */
const MAKER = 'U100000101';
const LI_JING = 'U100000102';
const ZHOU_YANG = 'U100000104';
const ADMIN = 'U100000103';
const BANDS_V1 = [
  { upTo: '1000000.00', reviewers: 1 },
  { upTo: null, reviewers: 2 },
];
const ZHOU_YANG_LIMIT = '5000000.00';
const MINUTE = 60_000;

/** One demo instruction under the rule: its amount, payee, and who passed its review so far. */
const WAITING = [
  { amount: '3280000.00', payee: '上海浦江资产管理有限公司', accountNo: '31001500040052100188', bank: '中国建设银行上海浦东分行', cnaps: '105290036005', purpose: '申购款划付', passedBy: [] },
  { amount: '1650000.00', payee: '北京中关村科技融资担保有限公司', accountNo: '11001018900053012237', bank: '中国建设银行北京中关村分行', cnaps: '105100008006', purpose: '投资款划付', passedBy: [LI_JING] },
  { amount: '6200000.00', payee: '深圳前海联合交易中心有限公司', accountNo: '44201533900052508813', bank: '中国建设银行深圳前海分行', cnaps: '105584000301', purpose: '交易保证金划付', passedBy: [LI_JING] },
  { amount: '860000.00', payee: '杭州西溪湿地文化旅游有限公司', accountNo: '33050161672700001234', bank: '中国建设银行杭州西湖支行', cnaps: '105331000013', purpose: '费用支付', passedBy: [] },
  { amount: '2400000.00', payee: '广州南沙港务投资有限公司', accountNo: '44050158040100002468', bank: '中国建设银行广州南沙支行', cnaps: '105581000027', purpose: '投资款划付', passedBy: [LI_JING, ZHOU_YANG] },
] as const;

/**
 * 审批规则's demo: 华夏远航's rule, version 1 (up to 1,000,000 one reviewer, above it two) and
 * version 2 a week later (周洋 may pass up to 5,000,000), and instructions under version 2 waiting
 * at each round: one at its first of two, two at their second (one above 周洋's limit, which only
 * 李静 already passed, so it waits for a reviewer who may), one needing one reviewer, and one both
 * passed on to the custodian. The other demo instructions were submitted before the rule and keep
 * the fixed chain. Idempotent: an enterprise with a rule is left alone.
 */
export async function seedApprovalRules(trx: Transaction<DB>, now = Date.now()) {
  if (await trx.selectFrom('approval_rules').select('id').where('enterprise_no', '=', ENTERPRISE).executeTakeFirst()) return;
  const version = (n: number, limits: { userNo: string; limit: string }[], at: number) =>
    trx
      .insertInto('approval_rules')
      .values({ enterprise_no: ENTERPRISE, instruction_type: '', payer_account_no: '', version: n, active: true, bands: JSON.stringify(BANDS_V1), reviewer_limits: JSON.stringify(limits), created_by_user_no: ADMIN, created_at: new Date(at) })
      .returning('id')
      .executeTakeFirstOrThrow();
  await version(1, [], now - 40 * 86_400_000);
  const { id: ruleId } = await version(2, [{ userNo: ZHOU_YANG, limit: ZHOU_YANG_LIMIT }], now - 30 * MINUTE);

  // An account without a third party that 张晓明 enters on and both review, with room for the amounts.
  const total = WAITING.reduce((s, w) => s + Number(w.amount), 0);
  const account = await trx
    .selectFrom('ebank_accounts as e')
    .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
    .select(['c.account_no', 'c.currency'])
    .where('e.enterprise_no', '=', ENTERPRISE)
    .where('e.used', '=', 1)
    .where('c.status', '=', '00')
    .where('c.currency', '=', 'CNY')
    .where('c.third_party_enterprise_no', 'is', null)
    .where((eb) => eb.or([eb('e.single_limit', 'is', null), eb('e.single_limit', '>=', '6200000.00')]))
    .where((eb) => eb.or([eb('e.daily_limit', 'is', null), eb('e.daily_limit', '>=', sql<string>`${total * 2}`)]))
    .where(sql<boolean>`c.balance - coalesce((select sum(i.amount) from instructions i where i.payer_account_no = c.account_no and i.status in ('10','11','20','21','30','31','40','41','50')), 0) >= ${total}`)
    .where(sql<boolean>`exists (select 1 from account_auth a where a.account_no = c.account_no and a.user_no = ${MAKER} and a.can_entry)`)
    .where(sql<boolean>`(select count(*) from account_auth a where a.account_no = c.account_no and a.user_no in (${LI_JING}, ${ZHOU_YANG}) and a.can_review) = 2`)
    .orderBy('c.account_no')
    .executeTakeFirst();
  if (!account) return;

  const people = new Map((await trx.selectFrom('user_numbers').select(['user_no', 'user_id']).where('user_no', 'in', [MAKER, LI_JING, ZHOU_YANG]).execute()).map((r) => [r.user_no, r.user_id]));
  const valueDate = defaultValueDate(businessCalendar(DEMO_CALENDAR), { cutoffTime: '15:00', noticeHours: 0 }, now);
  for (const [n, w] of WAITING.entries()) {
    const required = Number(w.amount) > 1_000_000 ? 2 : 1;
    const status = w.passedBy.length === required ? '40' : '10';
    const at = now - (25 - n * 4) * MINUTE;
    const { rows } = await sql<{ seq: string }>`select nextval('instruction_no_seq')::text as seq`.execute(trx);
    const { id } = await trx
      .insertInto('instructions')
      .values({
        instruction_no: `ZL${formatDate(at).replace(/-/g, '')}${rows[0]!.seq.padStart(8, '0')}`,
        enterprise_no: ENTERPRISE,
        type: n === 3 ? '02' : '01',
        payer_account_no: account.account_no,
        payee_name: w.payee,
        payee_account_no: w.accountNo,
        payee_bank: w.bank,
        payee_cnaps: w.cnaps,
        amount: w.amount,
        currency: account.currency,
        value_date: valueDate,
        purpose: w.purpose,
        status,
        version: w.passedBy.length,
        created_by_user_id: people.get(MAKER)!,
        created_by_user_no: MAKER,
        created_at: new Date(at),
        updated_at: new Date(at + w.passedBy.length * 2 * MINUTE),
        approval_rule_id: ruleId,
        approvals_required: required,
        approved_by: w.passedBy.length ? sql<number[]>`array[${sql.join(w.passedBy.map((u) => people.get(u)!))}]::int[]` : sql<number[]>`'{}'::int[]`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const step = (action: string, from: string | null, to: string, userNo: string, offset: number) => ({
      instruction_id: id,
      action,
      from_status: from,
      to_status: to,
      result: action === 'reviewPass' ? ('pass' as const) : null,
      reason: null,
      user_id: people.get(userNo)!,
      user_no: userNo,
      sign_code: null,
      sign_data: null,
      sign_msg: null,
      created_at: new Date(at + offset * MINUTE),
    });
    await trx
      .insertInto('instruction_history')
      .values([
        step('create', null, '00', MAKER, 0),
        step('submit', '00', '10', MAKER, 0),
        ...w.passedBy.map((u, i) => step('reviewPass', '10', i + 1 === required ? '40' : '10', u, (i + 1) * 2)),
      ])
      .execute();
  }
}
