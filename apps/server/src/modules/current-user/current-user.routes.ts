import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelopeSchema } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { ok } from '../../plugins/errors';
import { recordAudit } from '../audit/audit';
import type { ServerKeys } from '../envelope/server-keys';
import { UserProfiles } from './profiles';

const sessionUserSchema = z.object({
  userName: z.string(),
  username: z.string(),
  userId: z.number(),
  userNo: z.string(),
  nickName: z.string(),
  branchCode: z.string(),
  avatar: z.string(),
  avatarImgPath: z.string(),
  userDesc: z.string(),
  mobile: z.string(),
  email: z.string(),
  enterpriseNo: z.string(),
  enterpriseName: z.string(),
  access: z.array(z.string()),
  authorities: z.array(z.object({ authority: z.string() })),
  encrptParams: z.object({
    appAsymmetricEncryptionPublicKey: z.string(),
    appAsymmetricEncryptionType: z.string(),
    appSymmetricEncryptionType: z.string(),
  }),
  userNoList: z.array(z.object({ userNo: z.string(), enterpriseNo: z.string(), enterpriseName: z.string() })),
});

const menuSchema = z.object({
  menuId: z.number(),
  parentId: z.number(),
  menuCode: z.string(),
  menuName: z.string(),
  path: z.string(),
  scheme: z.string(),
  target: z.string(),
  icon: z.string(),
  status: z.number(),
});

// An avatar is a small inline image (the portal has no file store): PNG/JPEG/GIF data URL up to ~96 KB.
const AVATAR = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/]+=*$/;
const updateSchema = z.object({
  nickName: z.string().trim().min(1, '昵称不能为空！').max(32, '昵称不能超过32个字符'),
  userDesc: z.string().trim().max(200, '个人简介不能超过200个字符').default(''),
  avatar: z
    .string()
    .max(131_072, '头像图片不能超过96KB')
    .refine((v) => v === '' || AVATAR.test(v), '头像须为PNG、JPEG或GIF图片')
    .default(''),
});

/** Spec §7 `current/user`, `current/user/menu`, `current/user/update`: the session user, their menus, their profile. */
export async function currentUserRoutes(app: FastifyInstance, ctx: AppContext, keys: ServerKeys) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const prefix = `/${ctx.config.CUSTOMER_PREFIX}`;
  const db = ctx.database.db;
  const profiles = new UserProfiles(ctx);
  await profiles.listen();
  app.addHook('onClose', () => profiles.close());

  api.get(
    `${prefix}/current/user`,
    { config: { access: 'session' }, schema: { tags: ['current-user'], summary: '当前用户信息', response: { 200: apiEnvelopeSchema(sessionUserSchema) } } },
    async (request) => {
      const session = request.session!;
      const { user, seats } = await profiles.get(session.userId);
      const current = seats.find((s) => s.userNo === session.userNo);
      return ok({
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
        access: session.authorities,
        authorities: session.authorities.map((authority) => ({ authority })),
        encrptParams: {
          appAsymmetricEncryptionPublicKey: keys.active.publicKey,
          appAsymmetricEncryptionType: keys.asymmetric,
          appSymmetricEncryptionType: keys.symmetric,
        },
        userNoList: seats,
      });
    },
  );

  api.get(
    `${prefix}/current/user/menu`,
    { config: { access: 'session' }, schema: { tags: ['current-user'], summary: '当前用户菜单', response: { 200: apiEnvelopeSchema(z.array(menuSchema)) } } },
    async (request) => {
      const { authorities } = request.session!;
      const rows = await db.selectFrom('menus').selectAll().orderBy('sort').orderBy('menu_id').execute();
      const allowed = rows.filter((m) => m.authority === null || authorities.includes(m.authority));
      // A group is shown only when something in it is.
      const parents = new Set(allowed.filter((m) => m.parent_id !== 0).map((m) => m.parent_id));
      const visible = allowed.filter((m) => m.parent_id !== 0 || m.path !== '' || parents.has(m.menu_id));
      return ok(
        visible.map((m) => ({
          menuId: m.menu_id,
          parentId: m.parent_id,
          menuCode: m.menu_code,
          menuName: m.menu_name,
          path: m.path,
          scheme: m.scheme,
          target: m.target,
          icon: m.icon,
          status: m.status,
        })),
      );
    },
  );

  api.post(
    `${prefix}/current/user/update`,
    { config: { access: 'session' }, schema: { tags: ['current-user'], summary: '修改个人信息', body: updateSchema } },
    async (request) => {
      const session = request.session!;
      const { nickName, userDesc, avatar } = request.body;
      await db
        .updateTable('users')
        .set({ nick_name: nickName, user_desc: userDesc, avatar, updated_at: new Date(ctx.now()) })
        .where('user_id', '=', session.userId)
        .execute();
      await profiles.changed(session.userId);
      await recordAudit(ctx.database, request, { event: 'profile.update', outcome: 'success', detail: { fields: ['nickName', 'userDesc', 'avatar'] } });
      return ok(null);
    },
  );
}
