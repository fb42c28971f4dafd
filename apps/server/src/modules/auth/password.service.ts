import type { FastifyRequest } from 'fastify';
import {
  PASSWORD_HISTORY_DEPTH,
  PASSWORD_MESSAGES,
  RETURN_CODES,
  newPasswordProblem,
  type ForcePasswordUpdate,
  type InitialPassword,
  type OperationParsed,
  type authApi,
} from '@portal/shared';
import type { Transaction } from 'kysely';
import type { DB, User } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import type { SessionInfo } from '../../platform/sessions';
import { sessionSigningKey } from '../../platform/sessions.queries';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { AppError } from '../../plugins/errors';
import type { AuthServices } from './auth-services';
import { attemptsLeftMessage } from './credentials';
import { openPassword } from './password-envelope';

type Entry = (typeof RETURN_CODES)[keyof typeof RETURN_CODES];

interface ChangeInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  base64ServerRandom: string;
  oldClientRandom: string;
  newClientRandom: string;
  confirmClientRandom: string;
}

interface ChangeContext {
  event: 'password.force_change' | 'password.change';
  /** The device key the old password is counted against (the forced change: the 040007 login's). */
  deviceKey?: string;
  /**
   * Called after the new rules pass and before the old password is compared: the forced change
   * spends its ticket here, so a ticket serves one password check.
   */
  beforePasswordCheck?: () => Promise<boolean>;
  /** Called when a refusal comes after the old password proved right (the ticket goes back). */
  afterProvenRefusal?: () => Promise<void>;
  /** Runs first in the transaction that sets the password, and may refuse (the dialog change's signature). */
  beforeWrite?: (trx: Transaction<DB>) => Promise<unknown>;
  /**
   * Checked before the old password, and may refuse (the dialog change's signature): a stolen
   * token without the device key must not be able to test guesses of the password.
   */
  beforeOldPassword?: () => Promise<unknown>;
}

/**
 * Spec §3/§5 password change, shared by the forced change and the dialog: three control values
 * over one server random, the new-password rules, the old password under lockout, the last-5
 * history. Audited either way.
 */
async function change(services: AuthServices, request: FastifyRequest, user: User, input: ChangeInput, context: ChangeContext) {
  const { ctx, credentials, randoms, keys } = services;
  const { event } = context;
  const refuse = async (reason: string, entry: Entry, message?: string) => {
    await recordAudit(ctx.database, request, { event, outcome: 'failure', userId: user.user_id, username: user.username, detail: { reason } });
    return new AppError(entry, message);
  };
  if (!(await randoms.take(input.base64ServerRandom))) throw await refuse('random_invalid', RETURN_CODES.RANDOM_INVALID);
  const [oldPassword, newPassword, confirmPassword] = await Promise.all([
    openPassword(keys, input.oldPassword, input.base64ServerRandom, input.oldClientRandom),
    openPassword(keys, input.newPassword, input.base64ServerRandom, input.newClientRandom),
    openPassword(keys, input.confirmPassword, input.base64ServerRandom, input.confirmClientRandom),
  ]);
  if (oldPassword === null || newPassword === null || confirmPassword === null) {
    throw await refuse('password_envelope_invalid', RETURN_CODES.RANDOM_INVALID);
  }
  const problem = newPasswordProblem(newPassword, user.username);
  if (problem) throw await refuse('rule', RETURN_CODES.PASSWORD_RULE, problem);
  if (newPassword !== confirmPassword) throw await refuse('mismatch', RETURN_CODES.PASSWORD_RULE, PASSWORD_MESSAGES.mismatch);

  try {
    await context.beforeOldPassword?.();
  } catch (err) {
    if (err instanceof AppError) throw await refuse('signature', err.entry, err.message);
    throw err;
  }
  if (context.beforePasswordCheck && !(await context.beforePasswordCheck())) {
    throw await refuse('change_ticket_invalid', RETURN_CODES.CHANGE_TICKET_INVALID);
  }
  const check = await credentials.check({ username: user.username, user, password: oldPassword, deviceKey: context.deviceKey, request });
  if (!check.ok) {
    if (check.lock) throw await refuse(check.held ? 'locked' : 'old_password_wrong', RETURN_CODES.ACCOUNT_LOCKED, credentials.lockMessage(check.lock));
    throw await refuse('old_password_wrong', RETURN_CODES.OLD_PASSWORD_WRONG, attemptsLeftMessage(RETURN_CODES.OLD_PASSWORD_WRONG.message, check.remaining));
  }
  // Only now, with the old password proven, may the new one be compared with the old ones.
  if (await credentials.usedBefore(user, newPassword, PASSWORD_HISTORY_DEPTH)) {
    await context.afterProvenRefusal?.();
    throw await refuse('reused', RETURN_CODES.PASSWORD_REUSED);
  }
  try {
    await credentials.setPassword(user, newPassword, PASSWORD_HISTORY_DEPTH, { beforeWrite: context.beforeWrite });
  } catch (err) {
    if (err instanceof AppError) throw await refuse('signature', err.entry, err.message);
    throw err;
  }
  await recordAudit(ctx.database, request, { event, outcome: 'success', userId: user.user_id, username: user.username });
}

/**
 * The forced change after 040007 (spec §3 `userPassword/force/update`, pen test M2): no session,
 * so it needs the change ticket of that login answer, issued for this username; the ticket is
 * spent by the old-password check. Afterwards every session of the user ends (M3): they log in
 * again with the new password.
 */
export async function forceChangePassword(
  services: AuthServices,
  request: FastifyRequest,
  body: ForcePasswordUpdate,
  options: { initialOnly?: boolean } = {},
): Promise<void> {
  const { ctx, credentials, changeTickets, sessions } = services;
  const ticket = await changeTickets.peek(body.changeTicket, body.username);
  const found = ticket ? await credentials.findUser(body.username) : undefined;
  const refuse = async (reason: string, entry: Entry, userId: number | null) => {
    await recordAudit(ctx.database, request, { event: 'password.force_change', outcome: 'failure', username: body.username, userId, detail: { reason } });
    return new AppError(entry);
  };
  if (!ticket || !found || found.status !== 1 || found.user_id !== ticket.userId) {
    throw await refuse('change_ticket_invalid', RETURN_CODES.CHANGE_TICKET_INVALID, null);
  }
  // Said only to the holder of a ticket, whom the password proved.
  if (options.initialOnly && !found.must_change_password) throw await refuse('not_initial', RETURN_CODES.PASSWORD_NOT_INITIAL, found.user_id);
  await change(services, request, found, body, {
    event: 'password.force_change',
    deviceKey: ticket.deviceKey,
    beforePasswordCheck: async () => (await changeTickets.take(body.changeTicket, body.username)) !== null,
    afterProvenRefusal: () => changeTickets.restore(body.changeTicket, ticket),
  });
  await sessions.revokeUser(found.user_id);
}

/**
 * The first-time change (spec §7 `user/initial/password`): the forced change of a password still
 * initial, whose new password is typed once, so it stands for its own confirmation.
 */
export function setInitialPassword(services: AuthServices, request: FastifyRequest, body: InitialPassword): Promise<void> {
  return forceChangePassword(services, request, { ...body, confirmPassword: body.newPassword, confirmClientRandom: body.newClientRandom }, { initialOnly: true });
}

/**
 * The dialog change of a logged-in user (spec §3 `userPassword/update`): the session is the
 * proof, and the change is a signed operation (PasswordModify), verified in the transaction that
 * sets the password. Afterwards every other session of the user ends, on every enterprise seat
 * (M3); the one that made the change goes on.
 */
export async function changeOwnPassword(services: AuthServices, request: FastifyRequest, session: SessionInfo, body: OperationParsed<typeof authApi.passwordUpdate>): Promise<void> {
  const { credentials, sessions } = services;
  if (body.username !== session.username) throw new AppError(RETURN_CODES.FORBIDDEN);
  const user = await credentials.findUser(session.username);
  if (!user) throw new AppError(RETURN_CODES.UNAUTHENTICATED);
  await change(
    services,
    request,
    user,
    { ...body, confirmPassword: body.newPasswordConfirm },
    {
      event: 'password.change',
      // The session's browser: a wrong old password counts on its device, like a login from it.
      deviceKey: (await sessionSigningKey(services.ctx.database.db, session.tokenHash))?.device_key ?? undefined,
      beforeOldPassword: () => verifyOperationSignature(services.ctx.database.db, request, body, {}, 'check'),
      // Again in the write's transaction, which records it with the change and spends its challenge.
      beforeWrite: (trx) => verifyOperationSignature(trx, request, body),
    },
  );
  await sessions.revokeUser(user.user_id, { except: session.tokenHash });
}
