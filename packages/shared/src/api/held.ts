import { z } from 'zod';

/**
 * The answer of an administrative operation held for a second administrator (待审批变更,
 * docs/features/dual-control.md): HTTP 202 with the pending change's number. Kept apart from
 * admin-changes.ts so the contracts of held operations can use it without a cycle.
 */
export const HELD_MESSAGE = '已提交，待另一位管理员审批';
export const heldChangeSchema = z.object({ pendingChangeId: z.number(), message: z.string() });
export type HeldChange = z.infer<typeof heldChangeSchema>;
/** A held operation's answer: its own result when it took effect at once (waived), or the held change. */
export const orHeld = <T extends z.ZodType>(result: T) => z.union([heldChangeSchema, result]);
export const isHeld = (data: unknown): data is HeldChange => typeof data === 'object' && data !== null && 'pendingChangeId' in data;
