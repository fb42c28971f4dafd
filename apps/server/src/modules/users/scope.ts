import type { SessionInfo } from '../auth/sessions';

/**
 * Which enterprise's users a caller administers: bank staff all of them (`enterpriseNo`
 * undefined). Enterprise administrators will get their own enterprise here, and every query
 * and rule below already takes the scope as an argument.
 */
export interface AdminScope {
  enterpriseNo?: string;
}

export function scopeOf(session: SessionInfo): AdminScope {
  return session.userType === 'staff' ? {} : { enterpriseNo: session.enterpriseNo };
}
