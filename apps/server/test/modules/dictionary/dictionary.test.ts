import { beforeAll, describe, expect, it } from 'vitest';
import { serverUnderTest } from '../../helpers/server-under-test';

describe('dictionary standards (spec §7)', () => {
  const { client, db, asUser, call } = serverUnderTest({}, { caller: 'demo' });
  beforeAll(async () => {
    await db()
      .insertInto('dictionary_standards')
      .values({ code: 'accountNo', version: '3.0', name_zh: '账号（新版）', check_rule: '^\\d{12,32}$', prompt: '账号应为12到32位数字', options: '[]' })
      .execute();
    await asUser('demo');
  });

  it('answers by code, keyed code for the default 2.0 and code_version otherwise', async () => {
    const { json, data } = await call(
      '/pmobile/standard/frontEndComponents/getHxStandardByStandardCode',
      { codes: [{ code: 'accountNo' }, { code: 'accountNo', version: '3.0' }, { code: 'currency', version: '2.0' }, { code: 'unknown' }] },
    );
    expect(json.returnCode).toBe('000000');
    const { hxStandards } = data as { hxStandards: Record<string, { nameZh: string; checkRule: string; prompt: string; regex: string; options: unknown[] }> };
    expect(Object.keys(hxStandards).sort()).toEqual(['accountNo', 'accountNo_3.0', 'currency']);
    expect(hxStandards.accountNo).toMatchObject({ nameZh: '账号', prompt: '账号应为10到32位数字', regex: '^(\\d{6})\\d+(\\d{4})$' });
    expect(hxStandards['accountNo_3.0']?.nameZh).toBe('账号（新版）');
    expect(hxStandards.currency?.options).toContainEqual({ code: 'CNY', name: '人民币' });
  });

  it('answers by name', async () => {
    const { data } = await call('/pmobile/trans/frontEndComponents/getDictionaryStandardByName', { codes: ['mobile', 'sex'] });
    expect(Object.keys((data as { hxStandards: object }).hxStandards).sort()).toEqual(['mobile', 'sex']);
  });

  it('validates the request and needs a session', async () => {
    const empty = await call('/pmobile/trans/frontEndComponents/getDictionaryStandardByName', { codes: [] });
    expect(empty.json.returnMsg).toBe('请指定数据标准编码');
    const anonymous = await client().envelope.post('/pmobile/trans/frontEndComponents/getDictionaryStandardByName', { codes: ['sex'] });
    expect(anonymous.res.statusCode).toBe(401);
  });
});
