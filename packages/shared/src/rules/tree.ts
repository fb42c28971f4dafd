/**
 * Flat list <-> tree conversion (spec §9: max depth 100, root parent 0; the
 * array-to-tree variant uses root parent -1). Both directions are iterative and
 * visit each node once, so cycles, duplicate ids or depth never hang or overflow.
 */
export const TREE_MAX_DEPTH = 100;
export const TREE_ROOT_PARENT = 0;
export const ARRAY_TREE_ROOT_PARENT = -1;

export type TreeNode<T> = T & { children: TreeNode<T>[] };

export interface ListToTreeOptions<T> {
  idKey: keyof T;
  parentKey: keyof T;
  /** Parent value marking a root: TREE_ROOT_PARENT (0) or ARRAY_TREE_ROOT_PARENT (-1). */
  rootParent?: unknown;
  /** Roots are depth 1; deeper nodes are dropped with their subtrees. */
  maxDepth?: number;
}

/** Ids compare as strings: servers mix 0 and '0'; null and undefined both mean "none". */
const idOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Nests items under their parents, keeping list order among siblings. Every node
 * gets a `children` array (empty for leaves); items are copied, not mutated.
 * Dropped, by design: items whose parent is missing (orphans), items only reachable
 * through a cycle, nodes deeper than maxDepth, and repeated ids (the occurrence
 * nearest the root wins, so a duplicate cannot make a node its own descendant).
 */
export function listToTree<T extends object>(
  items: readonly T[],
  { idKey, parentKey, rootParent = TREE_ROOT_PARENT, maxDepth = TREE_MAX_DEPTH }: ListToTreeOptions<T>,
): TreeNode<T>[] {
  const byParent = new Map<string, T[]>();
  for (const item of items) {
    const parent = idOf(item[parentKey]);
    const siblings = byParent.get(parent);
    if (siblings) siblings.push(item);
    else byParent.set(parent, [item]);
  }

  const roots: TreeNode<T>[] = [];
  const placed = new Set<string>();
  // Breadth-first: each entry fills one sibling list; the array grows while iterated.
  const pending = [{ siblings: roots, parent: idOf(rootParent), depth: 1 }];
  for (const { siblings, parent, depth } of pending) {
    if (depth > maxDepth) continue;
    for (const item of byParent.get(parent) ?? []) {
      const id = idOf(item[idKey]);
      if (placed.has(id)) continue;
      placed.add(id);
      const node = { ...item, children: [] } as TreeNode<T>;
      siblings.push(node);
      pending.push({ siblings: node.children, parent: id, depth: depth + 1 });
    }
  }
  return roots;
}

type Nested = { children?: readonly Nested[] | null };

/**
 * Depth-first pre-order flattening (parents before children, siblings in order),
 * with `children` removed from each item. A node object met twice (a cyclic or
 * shared reference) is listed once; nodes deeper than maxDepth are dropped.
 */
export function treeToList<N extends Nested>(
  tree: readonly N[],
  { maxDepth = TREE_MAX_DEPTH }: { maxDepth?: number } = {},
): Omit<N, 'children'>[] {
  const list: Omit<N, 'children'>[] = [];
  const seen = new Set<Nested>();
  const stack = tree.map((node) => ({ node: node as Nested, depth: 1 })).reverse();
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, depth } = entry;
    if (depth > maxDepth || seen.has(node)) continue;
    seen.add(node);
    const { children, ...item } = node;
    list.push(item as Omit<N, 'children'>);
    // Pushed last-first so the first child pops next; a loop, not push(...spread),
    // so a node with hundreds of thousands of children cannot exceed the argument limit.
    for (const child of [...(children ?? [])].reverse()) stack.push({ node: child, depth: depth + 1 });
  }
  return list;
}
