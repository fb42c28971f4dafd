import { describe, expect, it } from 'vitest';
import { batchQuestion, contractRows, lockedAgainst } from './batch-plan';
import { apiRow } from './test-rows';

describe('batch plan', () => {
  const gateway = apiRow({ apiId: 2, apiCode: 'GW_API_PAGE', contractId: 'GW_API_PAGE', locks: { status: '网关管理接口不可停用', isAuth: '是否鉴权由接口契约的调用方决定，不可修改' } });
  const external = apiRow();

  it('names the selected rows whose locked setting the change would lower', () => {
    expect(lockedAgainst([gateway, external], 'status', 0)).toEqual([{ apiCode: 'GW_API_PAGE', reason: '网关管理接口不可停用' }]);
    // Setting a locked flag to the value it is held at is no conflict.
    expect(lockedAgainst([gateway, external], 'status', 1)).toEqual([]);
    expect(lockedAgainst([gateway, external], 'isOpen', 1)).toEqual([]);
  });

  it('asks with the number of selected definitions', () => {
    expect(batchQuestion(3, '停用')).toBe('确定将选中的 3 个接口设为停用吗？');
  });

  it("finds this server's operations, which cannot be removed", () => {
    expect(contractRows([gateway, external])).toEqual([gateway]);
  });
});
