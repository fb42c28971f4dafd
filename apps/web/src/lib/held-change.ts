import { isHeld } from '@portal/shared';
import type { PortalMessage } from './countdown-message';

/**
 * Tells the maker of an administrative change how it went: held for a second administrator
 * (docs/features/dual-control.md) or done. Answers whether it took effect now.
 */
export function announceChange(message: PortalMessage, answer: unknown, doneText: string): boolean {
  if (isHeld(answer)) {
    message.info(`${answer.message}（系统管理 › 待审批变更）`);
    return false;
  }
  message.success(doneText);
  return true;
}
