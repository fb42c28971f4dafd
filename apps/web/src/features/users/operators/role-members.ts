/**
 * The members to save for a role: the administrator's choice among the seats it may move, plus
 * the members it may not (its own seat, a stopped seat the transfer list does not show), which
 * stay as they are, so saving never drops someone unseen nor touches one's own roles.
 */
export function membersToSave(saved: readonly string[], movable: ReadonlySet<string>, chosen: readonly string[]): string[] {
  return [...saved.filter((userNo) => !movable.has(userNo)), ...chosen.filter((userNo) => movable.has(userNo))];
}

/** The members the administrator may move (the transfer list's right side as saved). */
export const movableMembers = (saved: readonly string[], movable: ReadonlySet<string>): string[] => saved.filter((userNo) => movable.has(userNo));
