import type { FastifyInstance } from 'fastify';
import { sessionApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import type { ServerKeys } from '../../platform/server-keys';
import { operationRoutes } from '../../plugins/operations';
import { DEVELOPMENT_MENU_CODES } from '../../reference/menus';
import { allMenus, updateOwnProfile } from './current-user.queries';
import { UserProfiles } from './profiles';

/** Spec §7 `current/user`, `current/user/menu`, `current/user/update`: the session user, their menus, their profile. */
export async function currentUserRoutes(app: FastifyInstance, ctx: AppContext, keys: ServerKeys) {
  const routes = operationRoutes(app, ctx);
  const db = ctx.database.db;
  const profiles = new UserProfiles(ctx);
  await profiles.listen();
  app.addHook('onClose', () => profiles.close());

  routes.json(sessionApi.currentUser, async ({ session }) => {
    const { user, seats } = await profiles.get(session.userId);
    const current = seats.find((s) => s.userNo === session.userNo);
    return {
      userName: user.username,
      username: user.username,
      userId: user.user_id,
      userNo: session.userNo,
      nickName: user.nick_name,
      branchCode: user.branch_code,
      avatar: user.avatar,
      avatarImgPath: user.avatar,
      userDesc: user.user_desc,
      mobile: user.mobile,
      email: user.email,
      enterpriseNo: session.enterpriseNo,
      enterpriseName: current?.enterpriseName ?? '',
      userType: session.userType,
      access: session.authorities,
      authorities: session.authorities.map((authority) => ({ authority })),
      encrptParams: {
        appAsymmetricEncryptionPublicKey: keys.active.publicKey,
        appAsymmetricEncryptionType: keys.asymmetric,
        appSymmetricEncryptionType: keys.symmetric,
      },
      userNoList: seats,
    };
  });

  routes.json(sessionApi.currentUserMenu, async ({ session }) => {
    const { authorities } = session;
    const rows = await allMenus(db);
    const development = ctx.config.NODE_ENV === 'development';
    const allowed = rows.filter(
      (m) => (m.authority === null || authorities.includes(m.authority)) && (development || !DEVELOPMENT_MENU_CODES.has(m.menu_code)),
    );
    // A group is shown only when something in it is.
    const parents = new Set(allowed.filter((m) => m.parent_id !== 0).map((m) => m.parent_id));
    const visible = allowed.filter((m) => m.parent_id !== 0 || m.path !== '' || parents.has(m.menu_id));
    return visible.map((m) => ({
      menuId: m.menu_id,
      parentId: m.parent_id,
      menuCode: m.menu_code,
      menuName: m.menu_name,
      path: m.path,
      scheme: m.scheme,
      target: m.target,
      icon: m.icon,
      status: m.status,
      alwaysShow: m.always_show,
    }));
  });

  routes.json(sessionApi.currentUserUpdate, async ({ input, session, request }) => {
    await updateOwnProfile(db, session.userId, input, new Date(ctx.now()));
    await profiles.changed(session.userId);
    await recordAudit(ctx.database, request, { event: 'profile.update', outcome: 'success', detail: { fields: ['nickName', 'userDesc', 'avatar'] } });
    return null;
  });
}
