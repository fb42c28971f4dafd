import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pagerItems, type PagerItem } from './pager-items';

/** '1 … 4 5 [6] 7 8 … 50' style rendering of the items, for readable expectations. */
const show = (items: PagerItem[]) =>
  items.map((item) => (item.kind === 'page' ? String(item.page) : item.kind === 'jump-prev' ? '«' : '»')).join(' ');

describe('pagerItems with the spec pager count 11', () => {
  it('lists every page when there are at most 11', () => {
    expect(show(pagerItems(1, 1))).toBe('1');
    expect(show(pagerItems(5, 11))).toBe('1 2 3 4 5 6 7 8 9 10 11');
  });

  it('keeps the run at the start near the first page', () => {
    expect(show(pagerItems(1, 50))).toBe('1 2 3 4 5 6 7 8 9 10 » 50');
    expect(show(pagerItems(6, 50))).toBe('1 2 3 4 5 6 7 8 9 10 » 50');
  });

  it('centres nine pages on the current one in the middle', () => {
    expect(show(pagerItems(7, 50))).toBe('1 « 3 4 5 6 7 8 9 10 11 » 50');
    expect(show(pagerItems(25, 50))).toBe('1 « 21 22 23 24 25 26 27 28 29 » 50');
  });

  it('keeps the run at the end near the last page', () => {
    expect(show(pagerItems(46, 50))).toBe('1 « 41 42 43 44 45 46 47 48 49 50');
    expect(show(pagerItems(50, 50))).toBe('1 « 41 42 43 44 45 46 47 48 49 50');
  });

  it('jumps by nine pages, not past either end', () => {
    expect(pagerItems(25, 50).find((i) => i.kind === 'jump-prev')?.page).toBe(16);
    expect(pagerItems(25, 50).find((i) => i.kind === 'jump-next')?.page).toBe(34);
    expect(pagerItems(8, 50).find((i) => i.kind === 'jump-prev')?.page).toBe(1);
    expect(pagerItems(44, 50).find((i) => i.kind === 'jump-next')?.page).toBe(50);
  });

  it('never shows more than 11 page buttons', () => {
    for (let current = 1; current <= 200; current++) {
      const pages = pagerItems(current, 200).filter((i) => i.kind === 'page');
      expect(pages.length).toBe(11);
      expect(pages.some((i) => i.page === current)).toBe(true);
    }
  });
});

describe('page arithmetic', () => {
  it('counts at least one page and clamps jumps into range', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(101, 10)).toBe(11);
    expect(pageCountOf(100, 20)).toBe(5);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
  });
});
