import { describe, expect, it } from 'vitest';
import { accountOptions, chosenAccounts } from './report-accounts';

describe('the account choice of a report', () => {
  it('shows each account by name and number', () => {
    expect(accountOptions([{ accountNo: '31050161373700001234', accountName: '华夏远航稳健1号托管户' }])).toEqual([{ value: '31050161373700001234', label: '华夏远航稳健1号托管户（31050161373700001234）' }]);
  });

  it('sends the chosen accounts, or none for all', () => {
    expect(chosenAccounts(['1', '2'])).toEqual({ accountNos: ['1', '2'] });
    expect(chosenAccounts([])).toEqual({});
    expect(chosenAccounts(undefined)).toEqual({});
  });
});
