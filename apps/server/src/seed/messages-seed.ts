import { sql, type Transaction } from 'kysely';
import { nextRunAt, REPORT_FORMATS, REPORT_KEEP_DAYS, type MessageKind } from '@portal/shared';
import type { DB } from '../db/schema';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BEIJING = 8 * HOUR;
const ymd = (ms: number) => new Date(ms + BEIJING).toISOString().slice(0, 10);
const REPORT_CENTER = '/addedServices/reportCenter/index';

interface DemoMessage {
  userNo: string;
  kind: MessageKind;
  title: string;
  body: string;
  link: string;
  hoursAgo: number;
  read: boolean;
}

/** Notifications of every kind but risk notices' for the demo seats, some read, spread over the last weeks. */
const MESSAGES: DemoMessage[] = [
  { userNo: 'U100000101', kind: 'instruction', title: '指令已被复核退回', body: '您录入的划款指令（收款方：上海浦东发展银行托管专户，金额 1,250,000.00 元）被复核员退回：收款账号与预留信息不一致。', link: '/instructionManagement/instructionQuery/index', hoursAgo: 3, read: false },
  { userNo: 'U100000101', kind: 'warning', title: '清盘预警：华夏远航稳健1号', body: '产品单位净值 0.8123 已触及预警线 0.8500，请于处理期限前完成处置并反馈。', link: '/warningInfo/clearPositionWarn/index', hoursAgo: 20, read: false },
  { userNo: 'U100000101', kind: 'reconciliation', title: '11月份托管账户对账提醒', body: '请于本月25日前核对托管账户余额及交易明细，如有差异请联系托管业务经理。', link: '/system/accountManagement/index', hoursAgo: 52, read: false },
  { userNo: 'U100000101', kind: 'instruction', title: '指令已执行', body: '费用支付指令（托管费，金额 86,420.55 元）已由托管行执行完毕。', link: '/instructionManagement/instructionQuery/index', hoursAgo: 24 * 15, read: true },
  { userNo: 'U100000101', kind: 'reconciliation', title: '10月份托管账户对账提醒', body: '请于本月25日前核对托管账户余额及交易明细。', link: '/system/accountManagement/index', hoursAgo: 24 * 33, read: true },
  { userNo: 'U100000102', kind: 'instruction', title: '有 2 笔指令待您复核', body: '经办员张伟提交的划款指令等待您复核，最早一笔将于今日15:00截止。', link: '/instructionManagement/instructionReview/index', hoursAgo: 2, read: false },
  { userNo: 'U100000102', kind: 'warning', title: '新股缴款提醒：中科芯材', body: '中签缴款截止日为下一个工作日，请确保资金账户余额充足。', link: '/warningInfo/NewSharePaymentReminder/index', hoursAgo: 30, read: true },
  { userNo: 'U100000201', kind: 'reconciliation', title: '11月份托管账户对账提醒', body: '请于本月25日前核对托管账户余额及交易明细。', link: '/system/accountManagement/index', hoursAgo: 50, read: false },
  { userNo: 'S900000002', kind: 'instruction', title: '有 3 笔指令待托管行审核', body: '华夏远航资产管理有限公司提交的指令等待审核。', link: '/custodianInstruction/custodianCheck/index', hoursAgo: 1, read: false },
  { userNo: 'S900000002', kind: 'warning', title: '预警数据导入完成', body: '清盘预警数据共 12 条已导入，涉及 4 家企业。', link: '/custodianInstruction/warningImport/index', hoursAgo: 26, read: true },
  { userNo: 'S900000003', kind: 'instruction', title: '有 1 笔指令待执行', body: '托管行已审核的划款指令等待执行。', link: '/custodianInstruction/custodianExecute/index', hoursAgo: 4, read: false },
  { userNo: 'S900000001', kind: 'warning', title: 'API调用失败率偏高', body: '过去一小时合作方接口调用失败率 6.2%，高于 5% 的关注线。', link: '/gateway/apiManagement/index', hoursAgo: 6, read: false },
];

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A daily instructions report of `day` for an enterprise, as the registry's CSV has it. */
async function instructionsCsv(trx: Transaction<DB>, enterpriseNo: string, day: string) {
  const rows = await trx
    .selectFrom('instructions as i')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'i.enterprise_no')
    .select(['i.instruction_no', 'e.enterprise_name', 'i.payer_account_no', 'i.payee_name', 'i.payee_account_no', 'i.amount', 'i.currency', sql<string>`to_char(i.value_date, 'YYYY-MM-DD')`.as('value_date')])
    .where('i.enterprise_no', '=', enterpriseNo)
    .where('i.created_at', '>=', new Date(Date.parse(`${day}T00:00:00+08:00`)))
    .where('i.created_at', '<', new Date(Date.parse(`${day}T00:00:00+08:00`) + DAY))
    .orderBy('i.id')
    .execute();
  const lines = ['指令编号,企业,付款账号,收款方,收款账号,金额,币种,起息日', ...rows.map((r) => [r.instruction_no, r.enterprise_name, r.payer_account_no, r.payee_name, r.payee_account_no, r.amount, r.currency, r.value_date].map(cell).join(','))];
  return { body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'), rows: rows.length };
}

/**
 * 消息中心 and 报表中心 for the demo: notifications of each kind (some read), and the demo
 * maker's daily instructions subscription with its last three deliveries. Idempotent.
 */
export async function seedMessages(trx: Transaction<DB>, now = Date.now()) {
  // Risk notices' notifications come with the notices (notices-seed.ts).
  const exists = await trx.selectFrom('notifications').select('id').where('user_no', '=', 'U100000101').where('kind', '<>', 'riskNotice').limit(1).executeTakeFirst();
  if (exists) return;
  await trx
    .insertInto('notifications')
    .values(MESSAGES.map((m) => ({ user_no: m.userNo, kind: m.kind, title: m.title, body: m.body, link: m.link, created_at: new Date(now - m.hoursAgo * HOUR), read_at: m.read ? new Date(now - m.hoursAgo * HOUR + HOUR) : null })))
    .execute();
  await trx.insertInto('notification_preferences').values([{ user_no: 'U100000101', kind: 'report', email: true }, { user_no: 'U100000101', kind: 'instruction', email: true }]).execute();

  const subscription = await trx
    .insertInto('report_subscriptions')
    .values({ user_no: 'U100000101', enterprise_no: '1000000001', report_kind: 'instructions', frequency: 'daily', format: 'csv', params: '{}', next_run_at: new Date(nextRunAt('daily', now)), last_run_at: new Date(nextRunAt('daily', now) - DAY), last_status: 'ok', created_at: new Date(now - 20 * DAY), updated_at: new Date(now - DAY) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('report_subscriptions')
    .values({ user_no: 'U100000101', enterprise_no: '1000000001', report_kind: 'warnings', frequency: 'monthly', format: 'xlsx', params: '{}', next_run_at: new Date(nextRunAt('monthly', now)), created_at: new Date(now - 2 * DAY), updated_at: new Date(now - 2 * DAY) })
    .execute();
  const meta = REPORT_FORMATS.csv;
  for (let back = 3; back >= 1; back--) {
    const runAt = nextRunAt('daily', now) - back * DAY;
    const day = ymd(runAt - DAY);
    const file = await instructionsCsv(trx, '1000000001', day);
    const report = await trx
      .insertInto('generated_reports')
      .values({ user_no: 'U100000101', enterprise_no: '1000000001', report_kind: 'instructions', title: '指令明细报表', format: 'csv', subscription_id: subscription.id, period_from: day, period_to: day, file_name: `指令明细报表_${day.replaceAll('-', '')}-${day.replaceAll('-', '')}.${meta.extension}`, content_type: meta.contentType, body: file.body, byte_size: file.body.length, created_at: new Date(runAt), expires_at: new Date(runAt + REPORT_KEEP_DAYS * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('notifications')
      .values({ user_no: 'U100000101', kind: 'report', title: `指令明细报表（${day}）已生成`, body: `您订阅的指令明细报表已生成，共${file.rows}条记录，保留${REPORT_KEEP_DAYS}天。`, link: `${REPORT_CENTER}?report=${report.id}`, created_at: new Date(runAt), read_at: back > 1 ? new Date(runAt + 3 * HOUR) : null })
      .execute();
  }
}
