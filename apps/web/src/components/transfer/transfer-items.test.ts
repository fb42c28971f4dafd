import { describe, expect, it } from 'vitest';
import { changesOf, filterPositions, moveKeys, partition, searchTextOf, SINGLE_MODE_MESSAGE } from './transfer-items';

const users = [
  { userNo: 'U100000101', userName: '王海燕' },
  { userNo: 'U100000102', userName: '李建国' },
  { userNo: 'U100000201', userName: 'Zhang Wei' },
];
const keys = users.map((u) => u.userNo);
const texts = users.map((u) => searchTextOf(u, ['userNo', 'userName']));

describe('partition', () => {
  it('splits positions by the target keys, keeping list order', () => {
    expect(partition(keys, new Set(['U100000201', 'U100000101']))).toEqual({ left: [1], right: [0, 2] });
    expect(partition(keys, new Set())).toEqual({ left: [0, 1, 2], right: [] });
  });
});

describe('filterPositions', () => {
  it('matches any searchable field, ignoring case and surrounding blanks', () => {
    expect(filterPositions([0, 1, 2], texts, '建国')).toEqual([1]);
    expect(filterPositions([0, 1, 2], texts, ' u1000001 ')).toEqual([0, 1]);
    expect(filterPositions([0, 1, 2], texts, 'zhang')).toEqual([2]);
    expect(filterPositions([0, 2], texts, '建国')).toEqual([]);
  });
  it('gives the positions back untouched for an empty search', () => {
    const positions = [0, 2];
    expect(filterPositions(positions, texts, '  ')).toBe(positions);
  });
});

describe('moveKeys', () => {
  it('appends moved keys on the right once each, and removes them on the left', () => {
    expect(moveKeys(['a'], ['b', 'a', 'c'], 'right', 'multiple')).toEqual(['a', 'b', 'c']);
    expect(moveKeys(['a', 'b', 'c'], ['a', 'c'], 'left', 'multiple')).toEqual(['b']);
  });
  it("refuses in single mode while the right side is occupied, with '请先移除右侧选择数据！'", () => {
    expect(SINGLE_MODE_MESSAGE).toBe('请先移除右侧选择数据！');
    expect(moveKeys(['a'], ['b'], 'right', 'single')).toEqual({ refused: SINGLE_MODE_MESSAGE });
    expect(moveKeys([], ['a', 'b'], 'right', 'single')).toEqual({ refused: SINGLE_MODE_MESSAGE });
    expect(moveKeys([], ['b'], 'right', 'single')).toEqual(['b']);
    expect(moveKeys(['a'], ['a'], 'left', 'single')).toEqual([]);
  });

  it('tells what a save adds and removes', () => {
    expect(changesOf(['U1', 'U2'], ['U2', 'U3'])).toEqual({ added: ['U3'], removed: ['U1'] });
  });
});
