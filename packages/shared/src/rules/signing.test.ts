import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_CODES } from '../return-codes';
import { SIGNING_CODES, SIGNING_LAYOUTS, challengedSigningData, signMsgProblem, signMsgSchema, signingData, signingDataTooLong, withSignature } from './signing';
import { SIGN_DATA_MAX, SIGN_DATA_MESSAGE } from './validators';
import { z } from 'zod';

describe('signingData', () => {
  it('is the code and the fields in layout order, |-joined', () => {
    expect(
      signingData('UserAdd', {
        branchCode: '0101',
        username: 'zhao.fund',
        nickName: '赵敏',
        enterpriseNo: '1000000002',
        roleIds: [3, 4],
        mobile: '13900001111',
        email: '',
        userDesc: '基金运营',
      }),
    ).toBe('UserAdd|zhao.fund|赵敏|1000000002|[3,4]|13900001111||基金运营|0101');
    expect(signingData('UserDelete', { userNo: 'U100000101' })).toBe('UserDelete|U100000101');
    expect(signingData('UserUnlock', { userId: 42 })).toBe('UserUnlock|42');
  });

  it('renders absent, null and empty values as nothing, and an empty list as []', () => {
    expect(signingData('AccountEdit', { accountNo: '622202000000001234', alias: null })).toBe('AccountEdit|622202000000001234|||');
    expect(signingData('AccountEdit', { accountNo: '622202000000001234', alias: '', singleLimit: undefined, dailyLimit: '5000.00' })).toBe(
      'AccountEdit|622202000000001234|||5000.00',
    );
    expect(signingData('UserAddRole', { roleId: 7, userNos: [] })).toBe('UserAddRole|7|[]');
    expect(signingData('UserAddRole', { roleId: 7 })).toBe('UserAddRole|7|');
  });

  it('renders lists in the order given, records of a list field by field, switches as 1/0', () => {
    expect(signingData('UserAddRole', { roleId: 2, userNos: ['U100000102', 'U100000101'] })).toBe('UserAddRole|2|[U100000102,U100000101]');
    expect(
      signingData('UserEdit', {
        userId: 5,
        nickName: '李静',
        mobile: '',
        email: 'li@example.com',
        userDesc: '',
        branchCode: '',
        status: 1,
        seatRoles: [
          { roleIds: [2], userNo: 'U100000102' },
          { userNo: 'U100000301', roleIds: [] },
        ],
      }),
    ).toBe('UserEdit|5|李静||li@example.com|||1|[[U100000102,[2]],[U100000301,[]]]');
    expect(signingData('AccountUsed', { accountNos: ['622202000000001234'], used: 0 })).toBe('AccountUsed|[622202000000001234]|0');
    expect(signingData('AccountUsed', { accountNos: ['622202000000001234'], used: true })).toBe('AccountUsed|[622202000000001234]|1');
  });

  it('escapes \\ | , [ ] inside strings, so no value can forge a boundary', () => {
    expect(signingData('AccountAdd', { accountNo: '1|2', alias: 'a,b[c]\\d' })).toBe('AccountAdd|1\\|2|a\\,b\\[c\\]\\\\d||');
    // Without escaping both would read 'AccountAdd|1|2|||'.
    expect(signingData('AccountAdd', { accountNo: '1', alias: '2|' })).not.toBe(signingData('AccountAdd', { accountNo: '1|2', alias: '' }));
    expect(signingData('UserAddRole', { roleId: 1, userNos: ['a,b'] })).not.toBe(signingData('UserAddRole', { roleId: 1, userNos: ['a', 'b'] }));
  });

  it('tells different inputs apart (up to absent = null = empty)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '|', ',', '[', ']', '\\', '签') , maxLength: 6 });
    const input = fc.record({ accountNo: text, alias: text });
    fc.assert(
      fc.property(input, input, (a, b) => {
        if (a.accountNo === b.accountNo && a.alias === b.alias) return;
        expect(signingData('AccountAdd', a)).not.toBe(signingData('AccountAdd', b));
      }),
    );
    // A list of one empty item renders as the empty list; no signed list may hold an empty item (the schemas refuse it).
    const lists = fc.record({ roleId: fc.integer({ min: 1, max: 9 }), userNos: fc.array(text.filter((t) => t !== ''), { maxLength: 4 }) });
    fc.assert(
      fc.property(lists, lists, (a, b) => {
        if (JSON.stringify(a) === JSON.stringify(b)) return;
        expect(signingData('UserAddRole', a)).not.toBe(signingData('UserAddRole', b));
      }),
    );
  });

  it('signs a file batch as batchId|rowCount|SM3(file) under the AccountAdd code', () => {
    const fileSm3 = '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0';
    expect(signingData('AccountAddBatch', { batchId: 'B20250101000001', rowCount: 3, fileSm3 })).toBe(`AccountAdd|B20250101000001|3|${fileSm3}`);
  });

  it('refuses what has no canonical form: fractions, objects outside a record list', () => {
    expect(() => signingData('UserUnlock', { userId: 1.5 })).toThrow(/not a safe integer/);
    expect(() => signingData('UserDelete', { userNo: { a: 1 } })).toThrow(/cannot be signed/);
    expect(() => signingData('UserEdit', { seatRoles: 'U1' })).toThrow(/expected a list/);
  });

  it('signs a second administrator’s decision on a pending change: its number, the decision and the reason', () => {
    expect(signingData('AdminChangeDecision', { changeId: 42, result: 'refuse', reason: '手机号码待核实|请复核' })).toBe('AdminChangeDecision|42|refuse|手机号码待核实\\|请复核');
    expect(challengedSigningData('AdminChangeDecision', { changeId: 7, result: 'pass', reason: '' }, 'ab'.repeat(16))).toBe(`AdminChangeDecision|7|pass||${'ab'.repeat(16)}`);
  });

  it('has a layout for every spec code, and each code is the first field of its layouts', () => {
    const codes = new Set(Object.values(SIGNING_LAYOUTS).map((l) => l.code));
    expect([...codes].sort()).toEqual([...SIGNING_CODES].sort());
    for (const [name, layout] of Object.entries(SIGNING_LAYOUTS)) expect(signingData(name as keyof typeof SIGNING_LAYOUTS, {}).split('|')[0]).toBe(layout.code);
  });
});

describe('the signing data limit', () => {
  it('is spec §5: 1,024 characters, with the spec message in the catalogue', () => {
    expect(signingDataTooLong('a'.repeat(SIGN_DATA_MAX))).toBe(false);
    expect(signingDataTooLong('签'.repeat(SIGN_DATA_MAX + 1))).toBe(true);
    expect(RETURN_CODES.SIGN_DATA_TOO_LONG.message).toBe(SIGN_DATA_MESSAGE);
  });

  it('is reached by about 90 user numbers in one role assignment', () => {
    const userNos = (n: number) => Array.from({ length: n }, (_, i) => `U${String(100000000 + i)}`);
    expect(signingDataTooLong(signingData('UserAddRole', { roleId: 1, userNos: userNos(90) }))).toBe(false);
    expect(signingDataTooLong(signingData('UserAddRole', { roleId: 1, userNos: userNos(100) }))).toBe(true);
  });
});

describe('signMsg', () => {
  const der = 'MEUCIQDd2lUSsVp0Gr3xo/Mj+G2gsIJ0vzmI4iVZW9a+ihXhFAIgbQLxBFudWyYG6dCGI5IE1/w2DpJ8g9+Ibq5NwSB2+8k=';

  it('must be present, and base64 of at most 128 characters', () => {
    expect(signMsgProblem(der)).toBeNull();
    expect(signMsgProblem(undefined)).toBe('missing');
    expect(signMsgProblem('')).toBe('missing');
    expect(signMsgProblem(null)).toBe('missing');
    expect(signMsgProblem('not base64!')).toBe('malformed');
    expect(signMsgProblem('QUJD')).toBeNull();
    expect(signMsgProblem('QUJ')).toBe('malformed');
    expect(signMsgProblem('A'.repeat(132))).toBe('malformed');
    expect(signMsgProblem(42)).toBe('malformed');
  });

  it('is required by withSignature with its challenge, with the catalogue messages', () => {
    const schema = withSignature(z.object({ userNo: z.string() }));
    const signChallenge = '0123456789abcdef0123456789abcdef';
    expect(schema.parse({ userNo: 'U1', signMsg: der, signChallenge })).toEqual({ userNo: 'U1', signMsg: der, signChallenge });
    expect(schema.safeParse({ userNo: 'U1', signChallenge }).error?.issues[0]?.message).toBe(RETURN_CODES.SIGN_MISSING.message);
    expect(signMsgSchema.safeParse('@@').error?.issues[0]?.message).toBe(RETURN_CODES.SIGN_MALFORMED.message);
    for (const bad of [undefined, '', '0123456789ABCDEF0123456789ABCDEF', `${signChallenge}0`]) {
      expect(schema.safeParse({ userNo: 'U1', signMsg: der, signChallenge: bad }).error?.issues[0]?.message, String(bad)).toBe(RETURN_CODES.SIGN_CHALLENGE_INVALID.message);
    }
  });
});

describe('challengedSigningData', () => {
  it('ends every operation’s signing data with its challenge', () => {
    expect(challengedSigningData('UserUnlock', { userId: 3 }, '0123456789abcdef0123456789abcdef')).toBe('UserUnlock|3|0123456789abcdef0123456789abcdef');
    expect(challengedSigningData('UserUnlock', { userId: 3 }, undefined)).toBe('UserUnlock|3|');
  });
});
