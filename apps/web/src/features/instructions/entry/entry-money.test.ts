import { describe, expect, it } from 'vitest';
import type { PayerAccount } from '@portal/shared';
import { availableAfter, entryRefusal } from './entry-money';

const account: PayerAccount = {
  accountNo: '10250010010001',
  accountName: '华夏远航稳健增长1号',
  alias: null,
  currency: 'CNY',
  balance: '10000.00',
  availableBalance: '4000.00',
  singleLimit: '5000.00',
  dailyLimit: '6000.00',
  dailyUsed: '3000.00',
  thirdPartyEnterpriseNo: null,
  thirdPartyEnterpriseName: null,
  hasReviewer: true,
  heldOnDate: [],
};
const DAY = '2026-11-25';

describe('entryRefusal', () => {
  it('refuses with the server’s messages: single limit, then available balance, then the daily limit', () => {
    expect(entryRefusal('5000.01', DAY, account, DAY)).toBe('超过单笔限额');
    expect(entryRefusal('4000.01', DAY, account, DAY)).toBe('可用余额不足');
    expect(entryRefusal('3000.01', DAY, account, DAY)).toBe('超过日累计限额');
    expect(entryRefusal('3000.00', DAY, account, DAY)).toBeNull();
  });

  it('leaves the daily limit to the server while the answer is for another value date', () => {
    expect(entryRefusal('3000.01', '2026-11-26', account, DAY)).toBeNull();
  });

  it('leaves out the instruction being edited, as the server does', () => {
    // Refused (11): its 1,000.00 is held and counted on its value date.
    const stored = { payerAccountNo: account.accountNo, amount: '1000.00', status: '11', valueDate: DAY };
    expect(entryRefusal('4000.00', DAY, account, DAY, stored)).toBeNull();
    expect(entryRefusal('4000.01', DAY, account, DAY, stored)).toBe('超过日累计限额');
    expect(entryRefusal('4000.01', DAY, { ...account, dailyLimit: null }, DAY, stored)).toBeNull();
    expect(entryRefusal('5000.01', DAY, { ...account, singleLimit: null, dailyLimit: null }, DAY, stored)).toBe('可用余额不足');
    // A draft holds nothing; another account's instruction changes nothing here.
    expect(entryRefusal('4000.01', DAY, account, DAY, { ...stored, status: '00' })).toBe('可用余额不足');
    expect(entryRefusal('4000.01', DAY, account, DAY, { ...stored, payerAccountNo: '10250010010002' })).toBe('可用余额不足');
  });
});

describe('availableAfter', () => {
  it('is the available balance less the amount, in exact cents, and may go below zero', () => {
    expect(availableAfter('1500.10', DAY, account)).toBe('2499.90');
    expect(availableAfter('4000.01', DAY, account)).toBe('-0.01');
  });

  it('shows nothing until the amount is a positive decimal', () => {
    for (const amount of [undefined, '', 'abc', '0', '-5']) expect(availableAfter(amount, DAY, account)).toBeNull();
  });

  it('counts what the edited instruction already holds once', () => {
    const stored = { payerAccountNo: account.accountNo, amount: '1000.00', status: '11', valueDate: DAY };
    expect(availableAfter('1000.00', DAY, account, stored)).toBe('4000.00');
    expect(availableAfter('1000.00', DAY, account, { ...stored, status: '00' })).toBe('3000.00');
  });
});
