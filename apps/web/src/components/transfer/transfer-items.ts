/** Spec §5: single mode refuses a second item on the right. */
export const SINGLE_MODE_MESSAGE = '请先移除右侧选择数据！';

export type TransferMode = 'single' | 'multiple';

/** Lower-cased text of the searchable fields, computed once per list so a search is one pass of `includes`. */
export function searchTextOf<T>(item: T, fields: readonly (keyof T)[]): string {
  return fields.map((field) => String(item[field] ?? '')).join('\n').toLowerCase();
}

/** Positions of the items on each side, in the list's own order. */
export function partition(keys: readonly string[], targetKeys: ReadonlySet<string>): { left: number[]; right: number[] } {
  const left: number[] = [];
  const right: number[] = [];
  keys.forEach((key, index) => (targetKeys.has(key) ? right : left).push(index));
  return { left, right };
}

/** The positions whose text contains the search (case-insensitive, surrounding blanks ignored). */
export function filterPositions(positions: readonly number[], texts: readonly string[], search: string): readonly number[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? positions : positions.filter((index) => texts[index]?.includes(needle));
}

/** The right side's keys after moving `moved` across, or the refusal message of single mode. */
export function moveKeys(
  targetKeys: readonly string[],
  moved: readonly string[],
  direction: 'right' | 'left',
  mode: TransferMode,
): string[] | { refused: string } {
  if (direction === 'left') {
    const leaving = new Set(moved);
    return targetKeys.filter((key) => !leaving.has(key));
  }
  if (mode === 'single' && (targetKeys.length > 0 || moved.length > 1)) return { refused: SINGLE_MODE_MESSAGE };
  const present = new Set(targetKeys);
  return [...targetKeys, ...moved.filter((key) => !present.has(key))];
}

/** What saving the right list `after` over `before` changes. */
export function changesOf(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  const was = new Set(before);
  const now = new Set(after);
  return { added: after.filter((key) => !was.has(key)), removed: before.filter((key) => !now.has(key)) };
}
