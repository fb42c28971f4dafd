import { describe, expect, it } from 'vitest';
import { auditDetailText, describeAuditDetail } from './audit-detail';
import { deviceNameOf } from './audit-log.queries';

describe('describeAuditDetail', () => {
  it('shows a user change as the changed fields, before and after, with role and status names', () => {
    const items = describeAuditDetail('user.update', {
      targetUserId: 7,
      username: 'demo',
      before: { nickName: '张晓明', status: 1, roles: { U100000101: ['CUSTOMER_MAKER'] } },
      after: { nickName: '张晓明', status: 0, roles: { U100000101: ['CUSTOMER_MAKER', 'CUSTOMER_REVIEWER'] } },
    });
    expect(items).toEqual([
      { label: '用户ID', value: '7' },
      { label: '登录名', value: 'demo' },
      { label: '状态', before: '启用', value: '停用' },
      { label: '角色', before: 'U100000101：经办员', value: 'U100000101：经办员、复核员' },
    ]);
    expect(auditDetailText(items)).toBe('用户ID：7；登录名：demo；状态：启用 → 停用；角色：U100000101：经办员 → U100000101：经办员、复核员');
  });

  it('reads statuses in the code table of the action’s object', () => {
    expect(describeAuditDetail('cert.freeze', { serial: 'A1', before: 'active', after: 'frozen' })).toContainEqual({ label: '状态', before: '正常', value: '冻结' });
    expect(describeAuditDetail('instruction.revoke', { instructionNo: 'ZL1', from: '10' })).toContainEqual({ label: '原状态', value: '待复核' });
    expect(describeAuditDetail('account.add', { after: { alias: '主账户', used: 1, singleLimit: '1000000' } })).toEqual([
      { label: '别名', value: '主账户' },
      { label: '启用状态', value: '启用' },
      { label: '单笔限额', value: '1,000,000.00' },
    ]);
    expect(describeAuditDetail('enterprise.update', { before: { enterpriseType: 'corporate' }, after: { enterpriseType: 'insurer' } })).toEqual([
      { label: '企业类型', before: '企业', value: '保险公司' },
    ]);
  });

  it('lists a deletion’s fields as they were, a batch change per API, a role’s members', () => {
    expect(describeAuditDetail('user.delete', { before: { userNo: 'U1', roles: ['CUSTOMER_REVIEWER'] } })).toEqual([
      { label: '用户号', before: 'U1', value: '—' },
      { label: '角色', before: '复核员', value: '—' },
    ]);
    expect(describeAuditDetail('gateway.api.batch_update', { field: 'isEncrypt', changes: [{ apiId: 1, apiCode: 'A001', before: 0, after: 1 }] })).toEqual([
      { label: 'A001 加密', before: '否', value: '是' },
    ]);
    expect(describeAuditDetail('role.members', { roleCode: 'CUSTOMER_MAKER', before: ['U1'], after: ['U1', 'U2'], added: ['U2'], removed: [] })).toEqual([
      { label: '角色', value: '经办员' },
      { label: '加入', value: 'U2' },
      { label: '移出', value: '无' },
      { label: '成员', before: 'U1', value: 'U1、U2' },
    ]);
  });

  it('shows no raw code or JSON for the actions the issue named', () => {
    const text = auditDetailText(describeAuditDetail('user.add', { after: { userNo: 'U9', enterpriseNo: '1000000001', roles: ['CUSTOMER_MAKER'], status: '00' } }));
    expect(text).not.toMatch(/CUSTOMER_MAKER|[{}"]/);
  });
});

describe('deviceNameOf', () => {
  it('names the browser and system of a user agent', () => {
    expect(deviceNameOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('Edge · Windows');
    expect(deviceNameOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36')).toBe('Chrome · Linux');
    expect(deviceNameOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1')).toBe('Safari · iOS');
    expect(deviceNameOf('')).toBeNull();
  });
});
