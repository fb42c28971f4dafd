import { sql } from 'kysely';
import { AUTHORITIES } from '@portal/shared';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { syncApiCatalogue } from './api-catalogue';
import { BANK_ENTERPRISE } from './bank';
import { STANDARDS } from './dictionary-standards';
import { MENUS } from './menus';
import { ROLES } from './roles';

/** An arbitrary constant: instances starting together take turns. */
const SYNC_LOCK = 7_262_019;

/**
 * Reference data every environment needs, production included: authorities, roles, menus,
 * dictionary standards, the bank's enterprise and the API catalogue. Run at every start-up
 * after the migrations; idempotent. Demo enterprises and users are the demo seed's.
 */
export async function syncReferenceData(database: Database, config: Pick<Config, 'CUSTOMER_PREFIX' | 'GATEWAY_PREFIX'>) {
  await database.db.transaction().execute(async (trx) => {
    if (database.kind === 'postgres') await sql`select pg_advisory_xact_lock(${SYNC_LOCK})`.execute(trx);

    await trx
      .insertInto('authorities')
      .values(Object.entries(AUTHORITIES).map(([authority, description]) => ({ authority, description })))
      .onConflict((oc) => oc.column('authority').doUpdateSet((eb) => ({ description: eb.ref('excluded.description') })))
      .execute();

    await trx.insertInto('enterprises').values(BANK_ENTERPRISE).onConflict((oc) => oc.column('enterprise_no').doNothing()).execute();

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
      // A role holds exactly what this release lists: an authority moved to another role leaves this one.
      await trx
        .deleteFrom('role_authorities')
        .where('role_id', '=', role_id)
        .where('authority', 'not in', role.authorities)
        .execute();
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
          always_show: eb.ref('excluded.always_show'),
          sort: eb.ref('excluded.sort'),
          authority: eb.ref('excluded.authority'),
        })),
      )
      .execute();

    await trx
      .insertInto('dictionary_standards')
      .values(STANDARDS.map(({ options, ...s }) => ({ ...s, options: JSON.stringify(options ?? []) })))
      .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
      .execute();

    await syncApiCatalogue(trx, { customerPrefix: config.CUSTOMER_PREFIX, gatewayPrefix: config.GATEWAY_PREFIX });
  });
}
