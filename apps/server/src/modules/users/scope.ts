import type { SessionInfo } from '../../platform/sessions';

/**
 * Which enterprise's users a caller administers: bank staff all of them (`enterpriseNo`
 * undefined), an enterprise's administrator its own enterprise's seats. Every query and rule
 * takes the scope as an argument.
 */
export interface AdminScope {
  enterpriseNo?: string;
}

export function scopeOf(session: SessionInfo): AdminScope {
  return session.userType === 'staff' ? {} : { enterpriseNo: session.enterpriseNo };
}
