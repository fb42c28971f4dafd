/**
 * Declared layouts of the custodian's daily data files (issue 29). Every feed the bank loads has a
 * format with a version; a file whose header differs from the version in force is refused whole,
 * and the refusal names each difference, so a change in the custody system's export is never
 * absorbed silently. The list of formats in force is what customers read to know what is coming.
 */

export interface FeedFormat {
  /** Stable key of the feed, e.g. `valuation`, `cashStatement`. */
  feed: string;
  /** Chinese name shown to users, e.g. 估值表. */
  name: string;
  /** The version in force, e.g. `1.0`. */
  version: string;
  /** The day (YYYY-MM-DD) this version took effect. */
  since: string;
  /** File types accepted for the feed, e.g. `['CSV']` or `['CSV', 'camt.053.001.08']`. */
  fileTypes: readonly string[];
  /** The header columns of the CSV layout, in file order. */
  columns: readonly string[];
}

export type LayoutDifference =
  | { kind: 'added'; column: string; position: number }
  | { kind: 'missing'; column: string; position: number }
  | { kind: 'renamed'; from: string; to: string; position: number }
  | { kind: 'moved'; column: string; from: number; to: number };

/**
 * The differences between a file's header and the declared columns (positions are 1-based):
 * a declared column absent where an undeclared one stands at the same place is a rename; columns
 * in both whose order changed are moves (the fewest that explain the new order); the rest are
 * added or missing.
 */
export function compareLayout(declared: readonly string[], header: readonly string[]): LayoutDifference[] {
  const inDeclared = new Set(declared);
  const inHeader = new Set(header);
  const differences: LayoutDifference[] = [];
  const renamedAt = new Set<number>();
  declared.forEach((column, index) => {
    if (inHeader.has(column)) return;
    const there = header[index];
    if (there !== undefined && !inDeclared.has(there)) {
      differences.push({ kind: 'renamed', from: column, to: there, position: index + 1 });
      renamedAt.add(index);
    } else {
      differences.push({ kind: 'missing', column, position: index + 1 });
    }
  });
  header.forEach((column, index) => {
    if (!inDeclared.has(column) && !renamedAt.has(index)) differences.push({ kind: 'added', column, position: index + 1 });
  });
  // Columns kept in both: the longest run already in declared order stays, every other one moved.
  const kept = header.map((column, index) => ({ column, at: index, was: declared.indexOf(column) })).filter((c) => c.was >= 0);
  const staying = longestIncreasing(kept.map((c) => c.was));
  kept.forEach((c, i) => {
    if (!staying.has(i)) differences.push({ kind: 'moved', column: c.column, from: c.was + 1, to: c.at + 1 });
  });
  return differences;
}

/** Indexes (into `values`) of one longest strictly increasing subsequence. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  });
  const result = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) result.add(i);
  return result;
}

function describe(difference: LayoutDifference): string {
  switch (difference.kind) {
    case 'added':
      return `第${difference.position}列「${difference.column}」为新增列`;
    case 'missing':
      return `缺少第${difference.position}列「${difference.column}」`;
    case 'renamed':
      return `第${difference.position}列应为「${difference.from}」，文件中为「${difference.to}」`;
    case 'moved':
      return `「${difference.column}」应在第${difference.from}列，文件中在第${difference.to}列`;
  }
}

/**
 * The refusal of a file whose header is not the format in force, naming every difference:
 * `文件格式与估值表 1.0 版不符：第3列「币种」为新增列；缺少第5列「单位净值」`.
 */
export function layoutMessage(format: Pick<FeedFormat, 'name' | 'version'>, differences: readonly LayoutDifference[]): string {
  return `文件格式与${format.name} ${format.version} 版不符：${differences.map(describe).join('；')}`;
}

/** The file's header checked against the format: null when it matches, else the refusal. */
export function checkLayout(format: FeedFormat, header: readonly string[]): string | null {
  const differences = compareLayout(format.columns, header.map((c) => c.trim()));
  return differences.length === 0 ? null : layoutMessage(format, differences);
}
