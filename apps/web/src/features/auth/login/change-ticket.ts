import { RETURN_CODES, changeTicketSchema } from '@portal/shared';

/** The change ticket a 040007 login refusal carries in its `data`, if it carries a well-formed one. */
export function changeTicketOf(refusal: { code?: string; data?: unknown }): string | undefined {
  if (refusal.code !== RETURN_CODES.MUST_CHANGE_PASSWORD.code) return undefined;
  const ticket = (refusal.data as { changeTicket?: unknown } | null | undefined)?.changeTicket;
  return changeTicketSchema.safeParse(ticket).success ? (ticket as string) : undefined;
}

// A wrong old password spends the ticket (and a lock or an expiry leaves none): the forced change
// cannot go on, the user logs in again for a new one.
const TICKET_GONE: ReadonlySet<string> = new Set([
  RETURN_CODES.CHANGE_TICKET_INVALID.code,
  RETURN_CODES.OLD_PASSWORD_WRONG.code,
  RETURN_CODES.ACCOUNT_LOCKED.code,
]);

/** Whether a refusal of the forced change leaves its ticket spent. */
export const ticketGone = (code: string | undefined) => code !== undefined && TICKET_GONE.has(code);
