import { hasAction } from '@portal/shared';
import { createContext, use, type ReactNode } from 'react';

/**
 * The signed-in user's access list (spec §6: `authorities[].authority`). The session provides
 * it; until then, and outside any provider, it is empty, so guarded buttons stay hidden.
 */
export const AccessContext = createContext<readonly string[]>([]);

/** Spec §6: true when the access list holds 'ACTION_' + one of the comma-separated `names`. */
export function usePermission(names: string): boolean {
  return hasAction(use(AccessContext), names);
}

interface PermissionProps {
  /** Comma-separated action names without the 'ACTION_' prefix, e.g. "accountAdd,accountEdit". */
  names: string;
  children: ReactNode;
  /** Shown instead when the user lacks every named action; nothing by default. */
  fallback?: ReactNode;
}

/** Renders its children only for users holding one of the named `ACTION_` authorities. */
export function Permission({ names, children, fallback = null }: PermissionProps): ReactNode {
  return usePermission(names) ? children : fallback;
}
