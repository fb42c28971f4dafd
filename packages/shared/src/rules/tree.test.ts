import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARRAY_TREE_ROOT_PARENT, TREE_MAX_DEPTH, listToTree, treeToList, type TreeNode } from './tree';

interface Menu {
  menuId: number | string;
  parentId: number | string | null;
  menuName: string;
}

const menu = (menuId: Menu['menuId'], parentId: Menu['parentId'], menuName = `m${menuId}`): Menu => ({
  menuId,
  parentId,
  menuName,
});
const keys = { idKey: 'menuId', parentKey: 'parentId' } as const;

/** [name, children] outline, to compare shapes without deep-equal on big trees. */
type Outline = [string, Outline[]];
const outline = (nodes: TreeNode<Menu>[]): Outline[] => nodes.map((n) => [n.menuName, outline(n.children)]);

/** A chain 1 <- 2 <- ... <- length under root 0. */
const chain = (length: number) => Array.from({ length }, (_, i) => menu(i + 1, i));

const treeDepth = (nodes: TreeNode<Menu>[]): number => {
  let depth = 0;
  for (let level = nodes; level.length > 0; level = level.flatMap((n) => n.children)) depth += 1;
  return depth;
};

describe('listToTree', () => {
  it('nests items under their parents, keeping sibling order', () => {
    const items = [menu(1, 0, 'system'), menu(2, 1, 'users'), menu(3, 0, 'home'), menu(4, 1, 'roles'), menu(5, 2, 'unlock')];
    expect(outline(listToTree(items, keys))).toEqual([
      ['system', [['users', [['unlock', []]]], ['roles', []]]],
      ['home', []],
    ]);
  });

  it('copies items and gives every node a children array', () => {
    const items = [menu(1, 0), menu(2, 1)];
    const [root] = listToTree(items, keys);
    expect(root).toEqual({ menuId: 1, parentId: 0, menuName: 'm1', children: [{ menuId: 2, parentId: 1, menuName: 'm2', children: [] }] });
    expect(items[0]).not.toHaveProperty('children');
  });

  it('uses root parent -1 for the array-to-tree variant', () => {
    const items = [menu(1, -1), menu(2, 1), menu(3, 0)];
    expect(outline(listToTree(items, { ...keys, rootParent: ARRAY_TREE_ROOT_PARENT }))).toEqual([['m1', [['m2', []]]]]);
  });

  it('matches ids and parents as strings', () => {
    const items = [menu('1', '0'), menu(2, '1'), menu('3', 2)];
    expect(outline(listToTree(items, keys))).toEqual([['m1', [['m2', [['m3', []]]]]]]);
  });

  it('treats null and undefined parents alike when the root parent is null', () => {
    const items = [menu(1, null), { menuId: 2, menuName: 'm2' } as unknown as Menu, menu(3, 1)];
    expect(outline(listToTree(items, { ...keys, rootParent: null }))).toEqual([['m1', [['m3', []]]], ['m2', []]]);
  });

  it('drops orphans, cycles, self-parents and repeated ids', () => {
    const items = [
      menu(1, 0),
      menu(2, 99, 'orphan'),
      menu(3, 4, 'cycle-a'),
      menu(4, 3, 'cycle-b'),
      menu(5, 5, 'self'),
      menu(1, 1, 'duplicate of 1'),
      menu(6, 1),
    ];
    expect(outline(listToTree(items, keys))).toEqual([['m1', [['m6', []]]]]);
  });

  it('survives an item whose id equals the root parent', () => {
    expect(outline(listToTree([menu(0, 0), menu(1, 0)], keys))).toEqual([['m0', []], ['m1', []]]);
  });

  it(`keeps at most ${TREE_MAX_DEPTH} levels by default`, () => {
    const tree = listToTree(chain(150), keys);
    expect(treeDepth(tree)).toBe(100);
    expect(treeToList(tree, { maxDepth: Infinity })).toHaveLength(100);
  });

  it('honours a custom maxDepth', () => {
    expect(treeDepth(listToTree(chain(10), { ...keys, maxDepth: 3 }))).toBe(3);
    expect(listToTree(chain(10), { ...keys, maxDepth: 0 })).toEqual([]);
  });

  it('handles very deep chains without recursion', () => {
    const tree = listToTree(chain(50_000), { ...keys, maxDepth: Infinity });
    expect(treeToList(tree, { maxDepth: Infinity })).toHaveLength(50_000);
  });
});

describe('treeToList', () => {
  it('flattens parents before children, siblings in order, without children', () => {
    const tree = listToTree([menu(1, 0), menu(2, 1), menu(3, 0), menu(4, 2), menu(5, 1)], keys);
    expect(treeToList(tree)).toEqual([menu(1, 0), menu(2, 1), menu(4, 2), menu(5, 1), menu(3, 0)]);
  });

  it('accepts server trees with missing or null children', () => {
    const tree = [{ id: 1, children: [{ id: 2 }, { id: 3, children: null }] }, { id: 4 }];
    expect(treeToList(tree)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
  });

  it('lists a node met twice once, so cyclic references terminate', () => {
    type Node = { id: number; children: Node[] };
    const root: Node = { id: 1, children: [] };
    const child: Node = { id: 2, children: [root] };
    root.children.push(child, child);
    expect(treeToList([root])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it(`drops nodes deeper than ${TREE_MAX_DEPTH} by default`, () => {
    const tree = listToTree(chain(150), { ...keys, maxDepth: Infinity });
    expect(treeToList(tree)).toHaveLength(100);
    expect(treeToList(tree, { maxDepth: 2 })).toEqual([menu(1, 0), menu(2, 1)]);
  });
});

describe('round trip (properties)', () => {
  /** Well-formed lists: unique ids 1..n, each parent 0 or an earlier id. */
  const forest = fc
    .array(fc.nat(), { maxLength: 60 })
    .chain((seeds) => fc.shuffledSubarray(seeds.map((seed, i) => menu(i + 1, seed % (i + 1))), { minLength: seeds.length }));

  it('list -> tree -> list preserves the node set', () => {
    fc.assert(
      fc.property(forest, (items) => {
        const back = treeToList(listToTree(items, keys));
        const byId = (a: Menu, b: Menu) => Number(a.menuId) - Number(b.menuId);
        expect([...back].sort(byId)).toEqual([...items].sort(byId));
      }),
    );
  });

  it('arbitrary lists (cycles, duplicates, orphans) terminate with unique ids drawn from the input', () => {
    const anyList = fc.array(
      fc.record({ menuId: fc.integer({ min: 0, max: 15 }), parentId: fc.integer({ min: -1, max: 15 }), menuName: fc.constant('x') }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(anyList, fc.integer({ min: 0, max: 6 }), (items, maxDepth) => {
        const back = treeToList(listToTree(items, { ...keys, maxDepth }), { maxDepth: Infinity });
        const ids = back.map((item) => item.menuId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const item of back) expect(items).toContainEqual(item);
        expect(treeDepth(listToTree(items, { ...keys, maxDepth }))).toBeLessThanOrEqual(maxDepth);
      }),
    );
  });
});
