import type { Kysely } from 'kysely';
import type { DB, User } from '../../db/schema';

export function personById(db: Kysely<DB>, userId: number): Promise<User> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** Every menu entry, in display order. */
export function allMenus(db: Kysely<DB>) {
  return db.selectFrom('menus').selectAll().orderBy('sort').orderBy('menu_id').execute();
}

/** What a person may change of their own profile. */
export async function updateOwnProfile(db: Kysely<DB>, userId: number, profile: { nickName: string; userDesc: string; avatar: string }, now: Date) {
  await db
    .updateTable('users')
    .set({ nick_name: profile.nickName, user_desc: profile.userDesc, avatar: profile.avatar, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}
