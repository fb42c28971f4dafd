import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

const DAY = 86_400_000;

/**
 * Demo risk notices: published ones for every customer and for chosen enterprises, one draft,
 * one withdrawn and one expired, with read receipts for part of the seats, so RiskCount and the
 * reading figures show something true. The urgent notice has expired and is read by every seat of
 * its audience: a live unread one opens a dialog at every login, also for seats added later (a
 * new operator), which a demo should not start with.
 * Idempotent: nothing is added once a notice exists.
 */
interface DemoNotice {
  title: string;
  level: '1' | '2' | '3';
  /** Days before the seed runs (negative: not published). */
  publishedDaysAgo: number | null;
  expireInDays: number;
  enterpriseNos?: string[];
  withdrawn?: string;
  /** Share of the audience's seats that have read it. */
  readShare: number;
  body: string;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

const NOTICES: DemoNotice[] = [
  {
    title: '关于防范冒充托管行工作人员实施电信诈骗的风险提示',
    level: '2',
    publishedDaysAgo: 58,
    expireInDays: 120,
    readShare: 0.6,
    body:
      p('近期有不法分子冒充我行托管业务人员，以“账户核验”“指令加急”为由，通过电话、即时通讯工具索取网银登录密码、短信验证码或要求更换收款账户。') +
      '<ul><li>我行工作人员不会以任何理由索取您的密码、验证码或USB Key口令；</li><li>收款账户变更须以加盖预留印鉴的书面指令为准；</li><li>如有疑问，请致电您的托管业务经理核实。</li></ul>',
  },
  {
    title: '关于2027年元旦假期托管业务安排的通知',
    level: '1',
    publishedDaysAgo: 6,
    expireInDays: 45,
    readShare: 0.3,
    body: p(
      '根据国务院办公厅节假日安排，2027年1月1日（星期五）至1月3日（星期日）放假调休，共3天。',
      '假期前最后一个工作日（12月31日）15:00后提交的划款指令将顺延至1月4日处理，请各委托人提前做好资金安排。',
    ),
  },
  {
    title: '关于债券市场波动加剧的风险提示',
    level: '3',
    publishedDaysAgo: 40,
    expireInDays: -10,
    enterpriseNos: ['1000000001', '1000000002'],
    readShare: 1,
    body:
      p('近期信用债市场波动加剧，部分发行人出现评级下调、展期等情况。请各管理人加强持仓信用风险排查，关注以下事项：') +
      '<ol><li>持仓券种的评级变动及负面舆情；</li><li>组合流动性安排与大额赎回应对预案；</li><li>质押式回购的融资余额与押品折算率。</li></ol>',
  },
  {
    title: '关于托管账户年度对账工作的提示',
    level: '2',
    publishedDaysAgo: 20,
    expireInDays: 40,
    enterpriseNos: ['1000000001', '1000000003'],
    readShare: 0.5,
    body: p('2026年度托管账户对账工作将于12月启动，请于12月20日前登录网银核对账户余额及交易明细，如有差异请及时与托管行联系。'),
  },
  {
    title: '关于新股申购资金交收时点的提示',
    level: '1',
    publishedDaysAgo: 35,
    expireInDays: 60,
    readShare: 0.8,
    body: p('新股中签缴款日当日16:00前，请确保托管账户内留有足额资金，逾期未足额缴款的视为放弃认购。'),
  },
  {
    title: '关于托管业务系统升级维护的通知',
    level: '1',
    publishedDaysAgo: 15,
    expireInDays: 10,
    withdrawn: '维护时间调整，将另行通知',
    readShare: 0.4,
    body: p('我行计划于周六22:00至次日06:00对托管业务系统进行升级维护，期间网银暂停服务。'),
  },
  {
    title: '关于2026年国庆假期托管业务安排的通知',
    level: '1',
    publishedDaysAgo: 62,
    expireInDays: -45,
    readShare: 0.7,
    body: p('国庆假期期间（10月1日至10月8日）暂停办理划款业务，10月9日起恢复正常。'),
  },
  {
    title: '关于调整托管费收取方式的公告（草稿）',
    level: '2',
    publishedDaysAgo: null,
    expireInDays: 90,
    readShare: 0,
    body: p('自2027年起，托管费由按季收取调整为按月收取，具体以托管协议补充协议为准。'),
  },
];

export async function seedNotices(trx: Transaction<DB>, now = Date.now()) {
  if (await trx.selectFrom('risk_notices').select('id').limit(1).executeTakeFirst()) return;
  const author = await trx.selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirst();
  if (!author) return;
  for (const n of NOTICES) {
    const publishedAt = n.publishedDaysAgo === null ? null : new Date(now - n.publishedDaysAgo * DAY);
    const { id } = await trx
      .insertInto('risk_notices')
      .values({
        title: n.title,
        body: n.body,
        level: n.level,
        audience: n.enterpriseNos ? 'chosen' : 'all',
        status: n.withdrawn ? 'withdrawn' : publishedAt ? 'published' : 'draft',
        expire_at: new Date(now + n.expireInDays * DAY),
        published_at: publishedAt,
        withdrawn_at: n.withdrawn ? new Date(now - 2 * DAY) : null,
        withdraw_reason: n.withdrawn ?? null,
        created_by_user_id: author.user_id,
        created_at: new Date((publishedAt?.getTime() ?? now) - DAY),
        updated_at: new Date(publishedAt?.getTime() ?? now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (n.enterpriseNos) await trx.insertInto('risk_notice_enterprises').values(n.enterpriseNos.map((enterprise_no) => ({ notice_id: id, enterprise_no }))).execute();
    if (!publishedAt || n.readShare === 0) continue;
    // The audience's reading seats, newest first; the first share of them has read it (the demo seats, oldest, mostly not).
    const seats = await trx
      .selectFrom('user_numbers as un')
      .innerJoin('enterprises as e', 'e.enterprise_no', 'un.enterprise_no')
      .where('e.enterprise_type', '<>', 'bank')
      .where(sql<boolean>`exists (select 1 from user_number_roles ur join role_authorities ra on ra.role_id = ur.role_id where ur.user_no = un.user_no and ra.authority = 'RISK_VIEW')`)
      .$if(!!n.enterpriseNos, (q) => q.where('un.enterprise_no', 'in', n.enterpriseNos!))
      .select(['un.user_no', 'un.user_id'])
      .orderBy('un.user_no', 'desc')
      .execute();
    const readers = seats.filter((_, i) => i < Math.round(seats.length * n.readShare));
    if (readers.length > 0) {
      await trx
        .insertInto('risk_notice_reads')
        .values(readers.map((s, i) => ({ notice_id: id, user_no: s.user_no, user_id: s.user_id, read_at: new Date(publishedAt.getTime() + (i + 1) * 3_600_000) })))
        .execute();
    }
  }
  // 消息中心 holds each published notice for every reading seat it addresses, read when the seat read the notice.
  await sql`
    insert into notifications (user_no, kind, title, body, link, subject, created_at, read_at)
    select un.user_no, 'riskNotice', n.title, '托管行发布了风险提示，请及时阅读。', '/addedServices/riskManagement/index?notice=' || n.id, 'riskNotice:' || n.id, n.published_at, r.read_at
    from risk_notices n
    join user_numbers un on un.status = 1
    join enterprises e on e.enterprise_no = un.enterprise_no and e.enterprise_type <> 'bank'
    left join risk_notice_reads r on r.notice_id = n.id and r.user_no = un.user_no
    where n.status = 'published'
      and (n.audience = 'all' or exists (select 1 from risk_notice_enterprises ne where ne.notice_id = n.id and ne.enterprise_no = un.enterprise_no))
      and exists (select 1 from user_number_roles ur join role_authorities ra on ra.role_id = ur.role_id where ur.user_no = un.user_no and ra.authority = 'RISK_VIEW')`.execute(trx);
}
