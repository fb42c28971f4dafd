import sanitizeHtml from 'sanitize-html';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagesApi, noticesApi, type AnyOperation, type CustomerNotice, type Message, type NoticeReader, type StaffNotice } from '@portal/shared';
import { cleanNoticeBody } from '../../../src/modules/notices/sanitize';
import { serverUnderTest } from '../../helpers/server-under-test';
import { openSse } from '../../helpers/sse-client';

const OPERATIONS = (Object.values(noticesApi) as unknown[]).filter((v): v is AnyOperation => typeof v === 'object' && v !== null && 'defaults' in v);
const OWN = '1000000001';
const OTHER = '1000000002';
const DAY = 86_400_000;
const later = (days = 30) => new Date(Date.now() + days * DAY).toISOString();

/** Hostile bodies: each must come out without script, handlers, external images or styles. */
const XSS = [
  '<script>alert(1)</script>正文',
  '<img src=x onerror=alert(1)>',
  '<img src="https://evil.example/track.png">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">点我</a>',
  '<a href="JaVaScRiPt:alert(1)">点我</a>',
  '<a href="//evil.example">点我</a>',
  '<p onclick="alert(1)" style="position:fixed;inset:0">覆盖</p>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><input name="pw"></form>',
  '<body onload=alert(1)>',
  '<div style="background:url(https://evil.example/x)">背景</div>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">链接</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=" onload="alert(1)">',
  '"><script>alert(document.cookie)</script>',
  '<!--<script>alert(1)</script>-->',
];

describe('risk notices', () => {
  const LOGINS = { reader: 'rn.reader', colleague: 'rn.colleague', other: 'rn.other', bare: 'rn.bare', staff: 'rn.staff', exec: 'rn.exec' };
  const { app, client, db, asUser, pathOf, call, ok, refused, counts, addLogin } = serverUnderTest({}, { logins: LOGINS });
  const riskCount = async (who: string) => (await counts(who)).RiskCount!;
  const notice = (over: Record<string, unknown> = {}) => ({ title: '测试风险提示', body: '<p>请关注<strong>流动性</strong>风险。</p>', level: '2', audience: 'all', expireAt: later(), ...over });
  const published = async (over: Record<string, unknown> = {}) => {
    const draft = await ok<StaffNotice>(noticesApi.noticeAdd, notice(over), 'staff');
    return ok<StaffNotice>(noticesApi.noticePublish, { id: draft.id }, 'staff');
  };
  const list = (who: string, filters: Record<string, unknown> = {}) => ok<{ records: CustomerNotice[]; total: number; unread: number }>(noticesApi.noticeQuery, { limit: 100, ...filters }, who);


  beforeAll(async () => {
    await addLogin('rn.reader', 'U100000171', OWN, ['CUSTOMER_MAKER']);
    await addLogin('rn.colleague', 'U100000172', OWN, ['CUSTOMER_REVIEWER']);
    await addLogin('rn.other', 'U100000271', OTHER, ['CUSTOMER_MAKER']);
    await addLogin('rn.bare', 'U100000179', OWN, []);
    await addLogin('rn.staff', 'S900000171', '9000000001', ['STAFF_CUSTODIAN_CHECKER'], 'staff');
    await addLogin('rn.exec', 'S900000172', '9000000001', ['STAFF_CUSTODIAN_EXECUTOR'], 'staff');
    for (const who of ['reader', 'colleague', 'other', 'bare', 'staff', 'exec', 'demo']) await asUser(who);
  });

  it('seeds published, draft, withdrawn and expired notices with read receipts, and a RiskCount for the demo seat', async () => {
    const statuses = await db().selectFrom('risk_notices').select('status').execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['draft', 'published', 'withdrawn']));
    const demo = await list('demo');
    expect(demo.records.length).toBeGreaterThan(3);
    expect(demo.records.some((r) => r.expired)).toBe(true);
    expect(demo.records.every((r) => !r.title.includes('草稿') && !r.title.includes('升级维护'))).toBe(true);
    expect(await riskCount('demo')).toBe(demo.unread);
    expect(demo.unread).toBeGreaterThan(0);
    // The publisher's home counts the drafts; a reader's does not.
    expect((await counts('staff')).noticeDraftCount).toBe(statuses.filter((s) => s.status === 'draft').length);
    expect((await counts('demo')).noticeDraftCount).toBe(0);
    // Urgent notices are seeded read, so no demo login starts with the dialog.
    expect(demo.records.filter((r) => r.level === '3').every((r) => r.readAt !== null)).toBe(true);
  });

  it('publishes to the audience only; reading records the receipt, RiskCount falls, and staff see who read it', async () => {
    const before = { reader: await riskCount('reader'), other: await riskCount('other') };
    const draft = await ok<StaffNotice>(noticesApi.noticeAdd, notice({ title: '仅华夏远航可见', audience: 'chosen', enterpriseNos: [OWN] }), 'staff');
    expect(draft.status).toBe('draft');
    // A draft is nobody's yet.
    await refused(noticesApi.noticeDetail, { id: draft.id }, 'reader', 404, '风险提示不存在');
    expect(await riskCount('reader')).toBe(before.reader);

    const live = await ok<StaffNotice>(noticesApi.noticePublish, { id: draft.id }, 'staff');
    expect(live.status).toBe('published');
    expect(live.readCount).toBe(0);
    expect(live.audienceCount).toBeGreaterThanOrEqual(4);
    expect(await riskCount('reader')).toBe(before.reader + 1);
    expect(await riskCount('other')).toBe(before.other);
    // Another enterprise never sees it, whichever way it asks.
    expect((await list('other')).records.some((r) => r.id === live.id)).toBe(false);
    await refused(noticesApi.noticeDetail, { id: live.id }, 'other', 404, '风险提示不存在');
    await refused(noticesApi.noticeRead, { ids: [live.id] }, 'other', 404, '风险提示不存在');

    const read = await ok<CustomerNotice & { body: string }>(noticesApi.noticeDetail, { id: live.id }, 'reader');
    expect(read.body).toContain('<strong>流动性</strong>');
    expect(read.readAt).not.toBeNull();
    expect(await riskCount('reader')).toBe(before.reader);
    expect((await list('reader', { read: 'unread' })).records.some((r) => r.id === live.id)).toBe(false);
    // The colleague's seat has its own receipt.
    expect(await riskCount('colleague')).toBeGreaterThan(0);

    const readers = await ok<{ records: NoticeReader[]; total: number; readCount: number; audienceCount: number }>(noticesApi.noticeReaders, { id: live.id, limit: 100 }, 'staff');
    expect(readers.readCount).toBe(1);
    expect(readers.records.find((r) => r.userNo === 'U100000171')?.readAt).not.toBeNull();
    expect(readers.records.find((r) => r.userNo === 'U100000172')?.readAt).toBeNull();
    expect(readers.records.every((r) => r.enterpriseNo === OWN)).toBe(true);
    const unread = await ok<{ records: NoticeReader[] }>(noticesApi.noticeReaders, { id: live.id, read: 'unread', limit: 100 }, 'staff');
    expect(unread.records.some((r) => r.userNo === 'U100000171')).toBe(false);

    // Withdrawn: gone from every list and count.
    await ok(noticesApi.noticeWithdraw, { id: live.id, reason: '内容有误' }, 'staff');
    await refused(noticesApi.noticeDetail, { id: live.id }, 'reader', 404);
    expect((await list('reader')).records.some((r) => r.id === live.id)).toBe(false);
  });

  it('tells the audience’s open streams as the notice is published and withdrawn, and nobody else', async () => {
    const origin = await app().listen({ port: 0, host: '127.0.0.1' });
    const stream = async (who: string) => {
      const ticket = ((await call('/events/ticket', {}, who)).data as { ticket: string }).ticket;
      return openSse(origin, `/pmobile/events/stream?ticket=${ticket}`);
    };
    const [reader, other] = [await stream('reader'), await stream('other')];
    try {
      const urgent = await published({ title: '紧急：仅华夏远航', level: '3', audience: 'chosen', enterpriseNos: [OWN] });
      expect(await reader.next()).toMatchObject({ kind: 'riskNotice.urgent', ids: [urgent.id] });
      // Its 消息中心 notifications follow, to the same audience.
      expect(await reader.next()).toMatchObject({ kind: 'message.new' });
      const everyone = await published({ title: '全部客户的一般提示', level: '1' });
      expect(await reader.next()).toMatchObject({ kind: 'riskNotice.published', ids: [everyone.id] });
      expect(await reader.next()).toMatchObject({ kind: 'message.new' });
      expect(await other.next()).toMatchObject({ kind: 'riskNotice.published', ids: [everyone.id] });
      await ok(noticesApi.noticeWithdraw, { id: urgent.id, reason: '已解除' }, 'staff');
      expect(await reader.next()).toMatchObject({ kind: 'home.changed', ids: [urgent.id] });
      expect(await reader.next()).toMatchObject({ kind: 'message.read' });
      // The other enterprise heard of the notice for everyone only.
      expect(other.events.filter((e) => e.kind.startsWith('riskNotice')).map((e) => e.ids)).toEqual([[everyone.id]]);
      // Events carry ids, never the title or body.
      expect(JSON.stringify(reader.frames)).not.toContain('华夏远航');
    } finally {
      reader.close();
      other.close();
    }
  });

  it('puts a published notice in 消息中心 of each reading seat it addresses; reading the notice marks it read, withdrawing removes it', async () => {
    const inbox = async (who: string) => {
      const page = await ok<{ records: Message[]; unread: number }>(messagesApi.messageQuery, { limit: 100, kind: 'riskNotice' }, who);
      return { ...page, mine: page.records.filter((m) => m.title === '消息中心：流动性提示') };
    };
    const before = { reader: (await inbox('reader')).unread, other: (await inbox('other')).unread };
    const chosen = await published({ title: '消息中心：流动性提示', audience: 'chosen', enterpriseNos: [OWN] });
    const got = await inbox('reader');
    expect(got.mine).toEqual([expect.objectContaining({ kind: 'riskNotice', link: `/addedServices/riskManagement/index?notice=${chosen.id}`, readAt: null })]);
    expect(got.unread).toBe(before.reader + 1);
    expect((await inbox('colleague')).mine).toHaveLength(1);
    // Another enterprise, a seat without RISK_VIEW, and staff are not addressed.
    expect((await inbox('other')).mine).toHaveLength(0);
    expect((await inbox('other')).unread).toBe(before.other);
    expect((await inbox('bare')).mine).toHaveLength(0);
    expect((await inbox('staff')).mine).toHaveLength(0);
    // Exactly one per seat: the fan-out writes each audience seat once.
    const rows = await db().selectFrom('notifications').select(['user_no']).where('subject', '=', `riskNotice:${chosen.id}`).execute();
    expect(new Set(rows.map((r) => r.user_no)).size).toBe(rows.length);

    await ok(noticesApi.noticeDetail, { id: chosen.id, markRead: true }, 'reader');
    const after = await inbox('reader');
    expect(after.mine[0]!.readAt).not.toBeNull();
    expect(after.unread).toBe(before.reader);
    // The colleague's stays unread until the colleague reads it.
    expect((await inbox('colleague')).mine[0]!.readAt).toBeNull();

    await ok(noticesApi.noticeWithdraw, { id: chosen.id, reason: '已解除' }, 'staff');
    expect((await inbox('colleague')).mine).toHaveLength(0);
  });

  it('counts exactly the rows it marks unread: an expired notice nobody read is neither', async () => {
    await published({ title: '未读计数' });
    const all = await list('reader');
    const expiredUnread = all.records.find((r) => r.expired && r.readAt === null);
    // The seeded expired notice for every customer, which this new seat never read.
    expect(expiredUnread).toMatchObject({ unread: false });
    const marked = all.records.filter((r) => r.unread);
    expect(marked.every((r) => r.readAt === null && !r.expired)).toBe(true);
    expect(all.unread).toBe(marked.length);
    expect(await riskCount('reader')).toBe(marked.length);
    const filtered = await list('reader', { read: 'unread' });
    expect(filtered.total).toBe(marked.length);
    expect(filtered.records.map((r) => r.id)).toEqual(marked.map((r) => r.id));
  });

  it('lists notices for staff newest first: drafts on top, then by publishing time', async () => {
    const older = await published({ title: '较早发布' });
    const newer = await published({ title: '较晚发布' });
    // Published later than its id says: the list follows the publishing time, not the id.
    await db().updateTable('risk_notices').set({ published_at: new Date(Date.now() + 60_000) }).where('id', '=', older.id).execute();
    const draft = await ok<StaffNotice>(noticesApi.noticeAdd, notice({ title: '新草稿' }), 'staff');
    const { records } = await ok<{ records: StaffNotice[] }>(noticesApi.noticeStaffQuery, { limit: 100 }, 'staff');
    const drafts = records.filter((r) => r.publishedAt === null);
    expect(records.slice(0, drafts.length)).toEqual(drafts);
    expect(drafts[0]!.id).toBe(draft.id);
    const times = records.slice(drafts.length).map((r) => Date.parse(r.publishedAt!));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(records.findIndex((r) => r.id === older.id)).toBeLessThan(records.findIndex((r) => r.id === newer.id));
  });

  it('marks given notices or all of them read for the seat', async () => {
    const a = await published({ title: '批量已读一' });
    const b = await published({ title: '批量已读二' });
    expect((await ok<{ marked: number }>(noticesApi.noticeRead, { ids: [a.id] }, 'colleague')).marked).toBe(1);
    expect((await ok<{ marked: number }>(noticesApi.noticeRead, { ids: [a.id] }, 'colleague')).marked).toBe(0);
    await ok(noticesApi.noticeRead, { all: true }, 'colleague');
    expect(await riskCount('colleague')).toBe(0);
    expect((await list('colleague', { read: 'unread' })).total).toBe(0);
    expect(await riskCount('reader')).toBeGreaterThanOrEqual(2);
    expect((await list('reader', { read: 'unread' })).records.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // All or nothing: one unknown id marks nothing.
    await refused(noticesApi.noticeRead, { ids: [b.id, 2_000_000_000] }, 'reader', 404, '风险提示不存在');
    expect((await list('reader', { read: 'unread' })).records.some((r) => r.id === b.id)).toBe(true);
  });

  it('cleans hostile bodies before storing them', async () => {
    for (const payload of XSS) {
      const clean = cleanNoticeBody(payload);
      expect(clean, payload).not.toMatch(/<script|<iframe|<object|<embed|<svg|<math|<form|<input|<style|<link|<meta|<base|<body/i);
      expect(clean, payload).not.toMatch(/\son\w+\s*=|javascript:|style=|evil\.example|data:text|data:image\/svg/i);
    }
    expect(cleanNoticeBody('<a href="https://www.hxb.com.cn/">官网</a>')).toBe('<a href="https://www.hxb.com.cn/" target="_blank" rel="noopener noreferrer">官网</a>');
    expect(cleanNoticeBody('<img src="data:image/png;base64,iVBORw0KGgo=" alt="图">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="图" />');
    // A bidi override cannot reverse what follows it; other text stays as written.
    expect(cleanNoticeBody('<p>请于\u202E日五\u202C前完成👨\u200D💼</p>')).toBe('<p>请于日五前完成👨\u200D💼</p>');

    const stored = await ok<StaffNotice>(noticesApi.noticeAdd, notice({ body: '<p>正文</p>' + XSS.join('') }), 'staff');
    const body = (await ok<{ body: string }>(noticesApi.noticeStaffDetail, { id: stored.id }, 'staff')).body;
    expect(body).toContain('<p>正文</p>');
    expect(body).not.toMatch(/<script|onerror|javascript:|evil\.example/i);
    // Nothing left once cleaned: refused, not stored empty.
    await refused(noticesApi.noticeAdd, notice({ body: '<script>alert(1)</script><img src=x>' }), 'staff', 400, '请输入正文');
  });

  // The sanitize-html advisories fixed in 2.17.7: GHSA-jxwj-j7wr-gfrw (a raw-text element closed
  // as `</textarea/>` lets the markup after it through) and GHSA-g8qq-57p8-ggw5 (SVG animation
  // elements point a link at javascript: through a list of values). The notice allow-list has
  // none of these elements, so its bodies were clean before the upgrade too; the library must
  // also refuse the payloads where the elements are allowed, which 2.17.5 did not.
  it('neutralises the payloads of the sanitize-html advisories', () => {
    const rawText = (tag: string) => `<${tag}></${tag}/><img src=x onerror="alert(document.domain)">`;
    const smil =
      '<svg><a><animate attributeName="href" values="#safe;javascript:alert(1)" dur=".01s" fill="freeze"></animate>' +
      '<set attributeName="xlink:href" from="#safe" to="javascript:alert(2)"></set><text y="30">safe</text></a></svg>';
    expect(cleanNoticeBody(rawText('textarea'))).toBe('');
    expect(cleanNoticeBody(rawText('xmp'))).toBe('');
    expect(cleanNoticeBody(smil)).toBe('<a target="_blank" rel="noopener noreferrer">safe</a>');

    for (const tag of ['textarea', 'xmp']) expect(sanitizeHtml(rawText(tag), { allowedTags: [tag] })).not.toMatch(/<img|onerror/i);
    const animated = sanitizeHtml(smil, {
      allowedTags: ['svg', 'a', 'animate', 'set', 'text'],
      allowedAttributes: { animate: ['attributename', 'values'], set: ['attributename', 'to'] },
    });
    expect(animated).not.toMatch(/javascript:/i);
  });

  it('keeps drafts editable with optimistic locking, and refuses every wrong step', async () => {
    const draft = await ok<StaffNotice>(noticesApi.noticeAdd, notice(), 'staff');
    const edited = await ok<StaffNotice>(noticesApi.noticeUpdate, { id: draft.id, version: draft.version, ...notice({ title: '修改后的标题', level: '1' }) }, 'staff');
    expect(edited.title).toBe('修改后的标题');
    await refused(noticesApi.noticeUpdate, { id: draft.id, version: draft.version, ...notice() }, 'staff', 400, '风险提示已被他人修改，请刷新后重试');
    await refused(noticesApi.noticeWithdraw, { id: draft.id, reason: '撤回' }, 'staff', 400, '只有已发布的风险提示可以撤回');
    await ok(noticesApi.noticePublish, { id: draft.id }, 'staff');
    await refused(noticesApi.noticePublish, { id: draft.id }, 'staff', 400, '只有草稿状态的风险提示可以修改或发布');
    await refused(noticesApi.noticeUpdate, { id: draft.id, version: edited.version + 1, ...notice() }, 'staff', 400, '只有草稿状态的风险提示可以修改或发布');
    await refused(noticesApi.noticePublish, { id: 2_000_000_000 }, 'staff', 404, '风险提示不存在');

    await refused(noticesApi.noticeAdd, notice({ expireAt: new Date(Date.now() - DAY).toISOString() }), 'staff', 400, '失效时间须晚于当前时间');
    await refused(noticesApi.noticeAdd, notice({ expireAt: '明天' }), 'staff', 400, '失效时间格式不正确');
    await refused(noticesApi.noticeAdd, notice({ title: '' }), 'staff', 400, '请输入标题');
    await refused(noticesApi.noticeAdd, notice({ title: '长'.repeat(101) }), 'staff', 400, '标题不能超过100个字符');
    await refused(noticesApi.noticeAdd, notice({ level: '9' }), 'staff', 400, '请选择正确的提示级别');
    await refused(noticesApi.noticeAdd, notice({ audience: 'chosen', enterpriseNos: [] }), 'staff', 400, '请选择发布对象企业');
    await refused(noticesApi.noticeAdd, notice({ audience: 'chosen', enterpriseNos: ['9000000001'] }), 'staff', 400, '客户企业不存在：9000000001');
    await refused(noticesApi.noticeAdd, notice({ audience: 'chosen', enterpriseNos: ['12345'] }), 'staff', 400, '企业编号须为10位数字');
    await refused(noticesApi.noticeWithdraw, { id: draft.id, reason: '' }, 'staff', 400, '请输入撤回原因');
    await refused(noticesApi.noticeQuery, { read: 'maybe' }, 'reader', 400, '阅读状态须为read或unread');
    await refused(noticesApi.noticeRead, {}, 'reader', 400, '请选择风险提示');

    // Refusals are audited; nothing was written by them.
    const failures = await db().selectFrom('audit_log').select('event').where('event', 'like', 'risk_notice.%').where('outcome', '=', 'failure').execute();
    expect(failures.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses every call without a session (401) and without the authority (403)', async () => {
    for (const op of OPERATIONS) {
      const path = pathOf(op);
      expect((await client().envelope.post(path, {})).res.statusCode, `${path} anonymous`).toBe(401);
      const wrong = op.audience.includes('staff') ? 'reader' : 'staff';
      expect((await call(path, {}, wrong)).res.statusCode, `${path} ${wrong}`).toBe(403);
      const bare = op.audience.includes('staff') ? 'exec' : 'bare';
      expect((await call(path, {}, bare)).res.statusCode, `${path} ${bare}`).toBe(403);
    }
  });
});
