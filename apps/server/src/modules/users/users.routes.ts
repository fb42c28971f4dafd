import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { usersApi } from '@portal/shared';
import { refuse } from '../../platform/refuse';
import { operationRoutes } from '../../plugins/operations';
import type { SessionInfo } from '../../platform/sessions';
import type { AuthServices } from '../auth';
import { heldForUsers } from './changes';
import { scopeOf } from './scope';
import { allSeats, findSeat, findUser, listSeats, rolesWithMembers, seatAuthorities, userDetail } from './users.queries';
import type { UserAdmin } from './users.service';

/** Spec §7 `{prefix}/user…`: thin routes over the queries and the service. */
export function userRoutes(app: FastifyInstance, auth: AuthServices, admin: UserAdmin) {
  const { ctx, credentials } = auth;
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);

  routes.json(usersApi.userList, async ({ input, session }) => listSeats(db, scopeOf(session), input));

  routes.json(usersApi.userAll, async ({ input, session }) => allSeats(db, scopeOf(session), input.enterpriseNo));

  routes.json(usersApi.userGet, async ({ input, session }) => {
    const detail = await userDetail(db, scopeOf(session), input.userId);
    if (!detail) throw refuse('用户不存在');
    return detail;
  });

  /** The held change, when a second administrator must approve this one (null: it applies now). */
  const held = async (call: { session: SessionInfo; request: FastifyRequest; reply: FastifyReply }, kind: string, input: object, target: Parameters<typeof heldForUsers>[2]) =>
    (await heldForUsers(db, call.session, target)) ? app.dualControl.hold(call.request, call.reply, call.session, kind, input) : null;

  routes.json(usersApi.userAdd, async (call) => {
    const { input, session, request } = call;
    return (await held(call, 'operator.add', input, { enterpriseNo: input.enterpriseNo })) ?? admin.add(request, scopeOf(session), input);
  });

  routes.json(usersApi.userSeatAdd, async ({ input, session, request }) => admin.addSeat(request, scopeOf(session), input));

  routes.json(usersApi.userUpdate, async (call) => {
    const { input, session, request } = call;
    const pending = await held(call, 'operator.update', input, { userId: input.userId });
    if (pending) return pending;
    await admin.update(request, scopeOf(session), session, input);
    return null;
  });

  routes.json(usersApi.userDelete, async (call) => {
    const { input, session, request } = call;
    return (await held(call, 'operator.delete', input, { userNo: input.userNo })) ?? admin.deleteSeat(request, scopeOf(session), session, input);
  });

  routes.json(usersApi.userResetPassword, async (call) => {
    const { input, session, request } = call;
    return (await held(call, 'operator.reset_password', input, { userId: input.userId })) ?? admin.resetPassword(request, scopeOf(session), session, input);
  });

  routes.json(usersApi.userSetPassword, async ({ input, session, request }) =>
    admin.setPassword(request, scopeOf(session), session, input.userId, input.password),
  );

  routes.json(usersApi.userAuthorityQuery, async ({ input, session }) => {
    if (!(await findSeat(db, scopeOf(session), input.userNo))) throw refuse('用户号不存在');
    return seatAuthorities(db, input.userNo);
  });

  routes.json(usersApi.userUnlockGet, async ({ input, session }) => {
    const user = await findUser(db, scopeOf(session), input.userId);
    if (!user) throw refuse('用户不存在');
    const lock = (await credentials.lockedUsers()).find((l) => l.userId === user.user_id);
    return {
      userId: user.user_id,
      username: user.username,
      nickName: user.nick_name,
      locked: Boolean(lock),
      failedAttempts: lock?.failedAttempts ?? user.failed_attempts,
      lockedAt: lock ? lock.lockedAt.toISOString() : null,
    };
  });

  routes.json(usersApi.userRoles, async ({ session }) => rolesWithMembers(db, scopeOf(session)));

  routes.json(usersApi.userRolesAssign, async (call) => {
    const { input, session, request } = call;
    return (await held(call, 'operator.roles', input, { roleId: input.roleId })) ?? admin.assignRole(request, scopeOf(session), session, input);
  });
}
