import { describe, expect, it } from 'vitest';
import { RETURN_CODES } from '@portal/shared';
import { changeTicketOf, ticketGone } from './change-ticket';

const TICKET = 'A'.repeat(40) + '_-9';

describe('the change ticket of a 040007 answer', () => {
  it('reads it from the refusal data of a 040007 answer only', () => {
    expect(changeTicketOf({ code: RETURN_CODES.MUST_CHANGE_PASSWORD.code, data: { changeTicket: TICKET } })).toBe(TICKET);
    expect(changeTicketOf({ code: RETURN_CODES.CREDENTIALS_INVALID.code, data: { changeTicket: TICKET } })).toBeUndefined();
    expect(changeTicketOf({ code: RETURN_CODES.MUST_CHANGE_PASSWORD.code, data: null })).toBeUndefined();
    expect(changeTicketOf({ code: RETURN_CODES.MUST_CHANGE_PASSWORD.code, data: { changeTicket: 'short' } })).toBeUndefined();
  });

  it('knows which refusals of the forced change spend the ticket', () => {
    expect(ticketGone(RETURN_CODES.CHANGE_TICKET_INVALID.code)).toBe(true);
    expect(ticketGone(RETURN_CODES.OLD_PASSWORD_WRONG.code)).toBe(true);
    expect(ticketGone(RETURN_CODES.PASSWORD_REUSED.code)).toBe(false);
    expect(ticketGone(RETURN_CODES.PASSWORD_RULE.code)).toBe(false);
    expect(ticketGone(undefined)).toBe(false);
  });
});
