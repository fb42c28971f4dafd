import { AUTHORITIES } from '@portal/shared';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { hashPassword } from '../modules/auth/password-hash';
import { apiCatalogue } from './api-catalogue';
import { ENTERPRISES, MENUS, ROLES, USERS } from './demo-data';
import { STANDARDS } from './dictionary-standards';

/**
 * Idempotent demo seed: reference data (authorities, menus, API definitions, standards) is
 * brought up to date; demo logins are created once and never reset, so a password the
 * user changed survives a restart.
 */
export async function seedDemoData(database: Database, config: Pick<Config, 'NODE_ENV' | 'CUSTOMER_PREFIX' | 'GATEWAY_PREFIX'>) {
  if (config.NODE_ENV === 'production') throw new Error('Refusing to seed demo data with NODE_ENV=production');
  const hashes = new Map(await Promise.all(USERS.map(async (u) => [u.username, await hashPassword(u.password)] as const)));

  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('authorities')
      .values(Object.entries(AUTHORITIES).map(([authority, description]) => ({ authority, description })))
      .onConflict((oc) => oc.column('authority').doUpdateSet((eb) => ({ description: eb.ref('excluded.description') })))
      .execute();

    await trx
      .insertInto('enterprises')
      .values([...ENTERPRISES])
      .onConflict((oc) => oc.column('enterprise_no').doNothing())
      .execute();

    for (const role of ROLES) {
      const { role_id } = await trx
        .insertInto('roles')
        .values({ role_code: role.role_code, role_name: role.role_name })
        .onConflict((oc) => oc.column('role_code').doUpdateSet({ role_name: role.role_name }))
        .returning('role_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('role_authorities')
        .values(role.authorities.map((authority) => ({ role_id, authority })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    for (const user of USERS) {
      const inserted = await trx
        .insertInto('users')
        .values({
          username: user.username,
          password_hash: hashes.get(user.username) as string,
          nick_name: user.nick_name,
          user_type: user.user_type,
          mobile: user.mobile,
          email: user.email,
          branch_code: user.branch_code,
          must_change_password: user.must_change_password,
        })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) continue;
      for (const seat of user.seats) {
        await trx
          .insertInto('user_numbers')
          .values({ user_no: seat.user_no, user_id: inserted.user_id, enterprise_no: seat.enterprise_no })
          .execute();
        const roles = await trx.selectFrom('roles').select('role_id').where('role_code', 'in', seat.roles).execute();
        await trx
          .insertInto('user_number_roles')
          .values(roles.map((r) => ({ user_no: seat.user_no, role_id: r.role_id })))
          .execute();
      }
    }

    await trx
      .insertInto('menus')
      .values(MENUS)
      .onConflict((oc) =>
        oc.column('menu_id').doUpdateSet((eb) => ({
          parent_id: eb.ref('excluded.parent_id'),
          menu_code: eb.ref('excluded.menu_code'),
          menu_name: eb.ref('excluded.menu_name'),
          path: eb.ref('excluded.path'),
          scheme: eb.ref('excluded.scheme'),
          target: eb.ref('excluded.target'),
          icon: eb.ref('excluded.icon'),
          sort: eb.ref('excluded.sort'),
          authority: eb.ref('excluded.authority'),
        })),
      )
      .execute();

    // Gateway definitions are administered at run time: the seed adds missing ones only.
    await trx
      .insertInto('api_definitions')
      .values(apiCatalogue(config.CUSTOMER_PREFIX, config.GATEWAY_PREFIX))
      .onConflict((oc) => oc.column('path').doNothing())
      .execute();

    await trx
      .insertInto('dictionary_standards')
      .values(STANDARDS.map(({ options, ...s }) => ({ ...s, options: JSON.stringify(options ?? []) })))
      .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
      .execute();
  });
}
