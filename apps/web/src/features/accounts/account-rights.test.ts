import { describe, expect, it } from 'vitest';
import { NO_RIGHTS, seatRightsAfter, toggleRight } from './account-rights';

const all = { canQuery: true, canEntry: true, canReview: true };

describe('toggleRight', () => {
  it('gives query with entry or review', () => {
    expect(toggleRight(NO_RIGHTS, 'canEntry', true)).toEqual({ canQuery: true, canEntry: true, canReview: false });
    expect(toggleRight(NO_RIGHTS, 'canReview', true)).toEqual({ canQuery: true, canEntry: false, canReview: true });
  });
  it('takes entry and review away with query', () => expect(toggleRight(all, 'canQuery', false)).toEqual(NO_RIGHTS));
  it('keeps query when entry goes', () => expect(toggleRight(all, 'canEntry', false)).toEqual({ canQuery: true, canEntry: false, canReview: true }));
});

describe('seatRightsAfter', () => {
  const held = [
    { accountNo: '111111111111', ...all, extra: 'ignored' },
    { accountNo: '222222222222', canQuery: true, canEntry: false, canReview: false },
  ];
  it('keeps unedited accounts, replaces edited ones and adds new ones', () => {
    const edits = new Map([
      ['222222222222', { canQuery: true, canEntry: true, canReview: false }],
      ['333333333333', { canQuery: true, canEntry: false, canReview: false }],
    ]);
    expect(seatRightsAfter(held, edits)).toEqual([
      { accountNo: '111111111111', ...all },
      { accountNo: '222222222222', canQuery: true, canEntry: true, canReview: false },
      { accountNo: '333333333333', canQuery: true, canEntry: false, canReview: false },
    ]);
  });
  it('drops accounts left with no right', () => {
    expect(seatRightsAfter(held, new Map([['111111111111', NO_RIGHTS]])).map((e) => e.accountNo)).toEqual(['222222222222']);
  });
});
