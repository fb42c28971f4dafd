import { beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_FIELDS, RETURN_CODES, type AnyOperation } from '@portal/shared';

import { TEST_CAPTCHA, loginClient } from '../../helpers/login-client';
import { serverUnderTest } from '../../helpers/server-under-test';
import { createTestApp } from '../../helpers/test-app';

const P = '/pmobile/customer';

describe('the console shell’s server side', () => {
  const { app, client, db, asUser, call } = serverUnderTest();

  beforeAll(async () => {
    // A provider as a business module would register one: counts of the caller's enterprise only.
    app().reminders.register(async ({ enterpriseNo }) =>
      enterpriseNo === '1000000001' ? { waitReviewCount: 3, waitConfirmCount: 1 } : { positionCount: 7 },
    );
    await asUser('demo');
    await asUser('admin');
  });

  const get = (path: string, token: string) =>
    app().inject({ method: 'GET', url: path, headers: { ...client().envelope.headers, authorization: `Bearer ${token}` } });

  it('returns the session user of spec §3 with authorities and user numbers', async () => {
    const user = (await get(`${P}/current/user`, await asUser('demo'))).json().data;
    expect(user).toMatchObject({
      userName: 'demo',
      nickName: '张晓明',
      userNo: 'U100000101',
      enterpriseNo: '1000000001',
      enterpriseName: '华夏远航基金管理有限公司',
      encrptParams: { appAsymmetricEncryptionType: 'SM2', appSymmetricEncryptionType: 'SM4' },
    });
    expect(user.access).toEqual(expect.arrayContaining(['INSTRUCTION_ENTRY', 'ACTION_instructionAdd']));
    expect(user.access).not.toContain('INSTRUCTION_REVIEW');
    expect(user.authorities).toContainEqual({ authority: 'INSTRUCTION_ENTRY' });
    expect(user.userNoList.map((u: { enterpriseNo: string }) => u.enterpriseNo)).toEqual(['1000000001', '1000000003']);
  });

  it('filters menus by authority and hides empty groups', async () => {
    const codes = (token: string) =>
      get(`${P}/current/user/menu`, token).then((r) => (r.json().data as { menuCode: string }[]).map((m) => m.menuCode));
    const customer = await codes(await asUser('demo'));
    expect(customer).toEqual(expect.arrayContaining(['system', 'accountManagement', 'instructionEntry', 'warningInfo', 'riskManagement', 'bankWebsite']));
    expect(customer).not.toEqual(expect.arrayContaining(['instructionReview']));
    expect(customer).not.toContain('gateway');
    expect(customer).not.toContain('userUnlock');
    expect(customer).not.toContain('thirdPartyInstructionManagement');
    const staff = await codes(await asUser('admin'));
    expect(staff).toEqual(expect.arrayContaining(['gateway', 'apiManagement', 'userUnlock']));
    expect(staff).not.toContain('instructionEntry');
    // The component gallery (made-up accounts) is listed by a development server only.
    expect(staff).not.toContain('componentGallery');
  });

  it('marks the groups that stay groups with a single item (always-show)', async () => {
    const menus = (await get(`${P}/current/user/menu`, await asUser('admin'))).json().data as { menuCode: string; alwaysShow: number }[];
    const flag = (code: string) => menus.find((m) => m.menuCode === code)?.alwaysShow;
    expect(flag('gateway')).toBe(1);
    expect(flag('custodianNotice')).toBe(0);
    expect(flag('apiManagement')).toBe(0);
  });

  it('lists the component gallery to staff on a development server', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development', TEST_CAPTCHA, LOGIN_RATE_LIMIT: '1000' });
    try {
      const devClient = await loginClient(dev);
      const token = await devClient.token('admin', 'Admin1234');
      const response = await dev.inject({ method: 'GET', url: `${P}/current/user/menu`, headers: { ...devClient.envelope.headers, authorization: `Bearer ${token}` } });
      expect((response.json().data as { menuCode: string }[]).map((m) => m.menuCode)).toContain('componentGallery');
    } finally {
      await dev.close();
    }
  });

  it('updates the profile with validation', async () => {
    const update = (body: unknown) => call('/current/user/update', body, 'demo');
    expect((await update({ nickName: '  ', userDesc: '' })).json.returnMsg).toBe('昵称不能为空！');
    expect((await update({ nickName: '张', avatar: 'javascript:alert(1)' })).json.returnMsg).toBe('头像须为PNG、JPEG或GIF图片');
    expect((await update({ nickName: '张晓明（基金运营部）', userDesc: '负责托管指令录入', avatar: '' })).json.returnCode).toBe('000000');
    expect((await get(`${P}/current/user`, await asUser('demo'))).json().data).toMatchObject({ nickName: '张晓明（基金运营部）', userDesc: '负责托管指令录入' });
  });

  it('returns all fourteen home counts for the session’s enterprise', async () => {
    const counts = (await call('/query/message/reminder', {}, 'demo')).data as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual([...REMINDER_FIELDS].sort());
    // The provider's positionCount for other enterprises does not reach this one: only the warnings module's own count does.
    const open = await db()
      .selectFrom('clear_position_warnings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('enterprise_no', '=', '1000000001')
      .where('status', '=', '0')
      .executeTakeFirstOrThrow();
    // demo's seat neither reviews nor confirms: those two are the provider's alone.
    expect(counts).toMatchObject({ waitReviewCount: 3, waitConfirmCount: 1, positionCount: Number(open.n) });
  });

  it('refuses to switch to the current enterprise or to someone else’s user number', async () => {
    const same = await call('/user/enterprise/switch', { userNo: 'U100000101' }, 'demo');
    expect(same.json).toMatchObject({ returnCode: RETURN_CODES.SWITCH_SAME_ENTERPRISE.code, returnMsg: '切换的企业为当前登录企业！' });
    const foreign = await call('/user/enterprise/switch', { userNo: 'U100000102' }, 'demo');
    expect(foreign.json.returnCode).toBe(RETURN_CODES.USER_NO_INVALID.code);
  });

  it('switches enterprise by ending the session and logging in to the chosen user number, which moves the data scope', async () => {
    const switched = await call('/user/enterprise/switch', { userNo: 'U100000301' }, 'demo');
    expect(switched.data).toMatchObject({ userNo: 'U100000301', enterpriseNo: '1000000003' });
    expect((await get(`${P}/current/user`, await asUser('demo'))).statusCode).toBe(401);

    // A plain login goes to the first seat; with userNo it goes to the chosen one.
    expect((await client().attempt('demo', 'Demo1234')).json.returnCode).toBe('000000');
    const { json, data } = await client().attempt('demo', 'Demo1234', { userNo: 'U100000301' });
    expect(json.returnCode).toBe('000000');
    const token = (data as { access_token: string }).access_token;
    expect((await get(`${P}/current/user`, token)).json().data).toMatchObject({ userNo: 'U100000301', enterpriseNo: '1000000003' });
    const counts = (await client().call(`${P}/query/message/reminder`, {}, token)).data as Record<string, number>;
    expect(counts).toMatchObject({ waitReviewCount: 0, positionCount: 7 });
  });

  it('walks every API route: each is public by declaration or refuses a session without its authority', async () => {
    const customer = await client().token('checker', 'Demo1234');
    const staff = await client().token('admin', 'Admin1234');
    const sessionOf = { customer: (await get(`${P}/current/user`, customer)).json().data, staff: (await get(`${P}/current/user`, staff)).json().data };
    const routes = app().apiRoutes;
    expect(routes.length).toBeGreaterThan(15);
    const checked: string[] = [];
    for (const { method, url, operation } of routes) {
      if (operation.audience.includes('public')) continue;
      const call = (token?: string) =>
        app().inject({
          method: method as 'GET' | 'POST',
          url,
          headers: { ...client().envelope.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
      expect((await call()).statusCode, `${method} ${url} without a session`).toBe(401);
      if (operation.authority.length > 0 || operation.audience.length < 2) {
        const lacking = pickLacking(operation, sessionOf);
        expect(lacking, `${method} ${url}: a test user outside ${operation.audience.join()} or lacking ${operation.authority.join()}`).toBeDefined();
        expect((await call(lacking === 'customer' ? customer : staff)).statusCode, `${method} ${url} without authority`).toBe(403);
      }
      checked.push(url);
    }
    expect(checked).toContain(`${P}/userUnlock/update`);
  });
});

function pickLacking(op: AnyOperation, users: Record<'customer' | 'staff', { access: string[] }>) {
  return (['customer', 'staff'] as const).find(
    (who) => !op.audience.includes(who) || (op.authority.length > 0 && !op.authority.some((a) => users[who].access.includes(a))),
  );
}
