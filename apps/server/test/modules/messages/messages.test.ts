import { describe, expect, it } from 'vitest';
import { messagesApi, type Message } from '@portal/shared';
import { notify } from '../../../src/modules/messages';
import { serverUnderTest } from '../../helpers/server-under-test';

const OWN = '1000000001';
const OTHER = '1000000002';
type Page = { records: Message[]; total: number; unread: number };

describe('消息中心', () => {
  const LOGINS = { mine: 'mc.mine', colleague: 'mc.colleague', other: 'mc.other', staff: 'mc.staff' };
  const { db, asUser, ok, refused, addLogin } = serverUnderTest({}, { logins: LOGINS });
  const list = (who: string, filters: Record<string, unknown> = {}) => ok<Page>(messagesApi.messageQuery, { limit: 100, ...filters }, who);

  it('lists a seat its own notifications only, counts the unread, filters by kind and reading, and marks one or all read', async () => {
    await addLogin('mc.mine', 'U100000381', OWN, ['CUSTOMER_MAKER']);
    await addLogin('mc.colleague', 'U100000382', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('mc.other', 'U100000481', OTHER, ['CUSTOMER_MAKER']);
    await addLogin('mc.staff', 'S900000381', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    for (const who of ['mine', 'colleague', 'other', 'staff']) await asUser(who);

    // Written in the caller's transaction: rolled back with it, nothing remains.
    await db()
      .transaction()
      .execute(async (trx) => {
        await notify(trx, { recipients: ['U100000381'], kind: 'warning', title: '回滚的通知' });
        throw new Error('business write failed');
      })
      .catch(() => undefined);
    expect((await list('mine')).total).toBe(0);

    const sent = await db().transaction().execute((trx) => notify(trx, { recipients: ['U100000381', 'U100000381', 'S900000381', 'U999999999'], kind: 'instruction', title: '指令HX0001已被复核退回', body: '退回原因：金额有误', link: '/instructionManagement/instructionQuery/index' }));
    expect(sent.userNos.sort()).toEqual(['S900000381', 'U100000381']);
    await notify(db(), { recipients: ['U100000381'], kind: 'warning', title: '清盘预警：华夏远航1号' });
    await notify(db(), { recipients: ['U100000481'], kind: 'riskNotice', title: '他人的通知' });

    const mine = await list('mine');
    expect(mine.records.map((r) => r.title)).toEqual(['清盘预警：华夏远航1号', '指令HX0001已被复核退回']);
    expect(mine.unread).toBe(2);
    expect((await list('mine', { kind: 'instruction' })).records).toHaveLength(1);
    expect((await list('colleague')).total).toBe(0);
    expect((await list('staff')).records.map((r) => r.title)).toEqual(['指令HX0001已被复核退回']);
    const others = await list('other');
    expect(others.records.map((r) => r.title)).toEqual(['他人的通知']);

    // Another seat's id is not found, and nothing is marked.
    await refused(messagesApi.messageRead, { ids: [others.records[0]!.id] }, 'mine', 404, '消息不存在');
    expect((await list('other')).unread).toBe(1);

    const read = await ok<{ marked: number; unread: number }>(messagesApi.messageRead, { ids: [mine.records[1]!.id] }, 'mine');
    expect(read).toEqual({ marked: 1, unread: 1 });
    expect((await list('mine', { read: 'read' })).records.map((r) => r.id)).toEqual([mine.records[1]!.id]);
    expect(await ok(messagesApi.messageRead, { all: true }, 'mine')).toEqual({ marked: 1, unread: 0 });
    expect((await list('other')).unread).toBe(1);
    await refused(messagesApi.messageRead, {}, 'mine', 400, '请选择消息');
    await refused(messagesApi.messageQuery, { kind: 'spam' }, 'mine', 400, '请选择正确的消息类型');
  });

  it('keeps each seat’s e-mail choices per kind, and refuses a kind twice', async () => {
    const before = await ok<{ kinds: { kind: string; email: boolean }[]; mailEnabled: boolean }>(messagesApi.messagePreferences, {}, 'mine');
    expect(before.mailEnabled).toBe(false);
    expect(before.kinds.every((k) => !k.email)).toBe(true);
    const saved = await ok<{ kinds: { kind: string; email: boolean }[] }>(messagesApi.messagePreferencesSave, { kinds: [{ kind: 'report', email: true }] }, 'mine');
    expect(saved.kinds.find((k) => k.kind === 'report')!.email).toBe(true);
    expect((await ok<{ kinds: { kind: string; email: boolean }[] }>(messagesApi.messagePreferences, {}, 'colleague')).kinds.every((k) => !k.email)).toBe(true);
    await refused(messagesApi.messagePreferencesSave, { kinds: [{ kind: 'report', email: true }, { kind: 'report', email: false }] }, 'mine', 400, '消息类型重复');
  });
});
