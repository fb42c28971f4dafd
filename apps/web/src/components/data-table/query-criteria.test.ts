import { describe, expect, it } from 'vitest';
import { searchCriteria } from './query-criteria';

describe('searchCriteria', () => {
  it('trims text criteria and leaves blank ones out', () => {
    const fields = [
      { name: 'accountName', type: 'text' as const },
      { name: 'accountNo', type: 'text' as const },
      { name: 'balanceFrom', type: 'number' as const },
      { name: 'status', type: 'select' as const },
      { name: 'channels', type: 'checkbox' as const },
      { name: 'openDate', type: 'dateRange' as const },
    ];
    expect(
      searchCriteria(fields, {
        accountName: '  华夏 ',
        accountNo: '   ',
        status: undefined,
        channels: [],
        openDate: ['2024-01-01', '2024-06-30'],
      }),
    ).toEqual({ accountName: '华夏', openDate: ['2024-01-01', '2024-06-30'] });
    expect(searchCriteria(fields, { balanceFrom: 0 })).toEqual({ balanceFrom: 0 });
  });
});
