import type { Config } from '../config';
import type { Database } from '../db/database';
import { hashPassword } from '../modules/auth/password-hash';
import { INSTITUTIONS } from './accounts-data';
import { seedAccounts } from './accounts-seed';
import { seedAuditConfirmations } from './audit-confirmations-seed';
import { seedAdminChanges } from './admin-changes-seed';
import { seedBulkImport } from './bulk-import-seed';
import { seedCalendar } from './calendar-seed';
import { seedCashStatements, seedReconciliations } from './cash-seed';
import { seedCutoffs } from './cutoffs-seed';
import { seedInstructions } from './instructions-seed';
import { seedApprovalRules } from './approval-rules-seed';
import { seedMessages } from './messages-seed';
import { seedNotices } from './notices-seed';
import { seedPayees } from './payees-seed';
import { seedTemplates } from './templates-seed';
import { seedValuation } from './valuation-seed';
import { seedWarnings } from './warnings-seed';
import { ENTERPRISES, EXTERNAL_APIS, USERS } from './demo-data';

/**
 * Idempotent demo seed on top of the reference data (synced at every start-up): demo enterprises and logins are created
 * once and never reset, so a password the user changed survives a restart.
 */
export async function seedDemoData(database: Database, config: Pick<Config, 'NODE_ENV'>) {
  if (config.NODE_ENV === 'production') throw new Error('Refusing to seed demo data with NODE_ENV=production');
  const hashes = new Map(await Promise.all(USERS.map(async (u) => [u.username, await hashPassword(u.password)] as const)));

  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('enterprises')
      // The institutions come first too: their confirmers' seats belong to them.
      .values([...ENTERPRISES, ...INSTITUTIONS])
      .onConflict((oc) => oc.column('enterprise_no').doNothing())
      .execute();

    await trx
      .insertInto('api_definitions')
      .values(EXTERNAL_APIS.map((api) => ({ ...api, overrides: '{}' })))
      .onConflict((oc) => oc.doNothing())
      .execute();

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

    await seedAccounts(trx);
    await seedInstructions(trx);
    await seedApprovalRules(trx);
    await seedNotices(trx);
    await seedWarnings(trx);
    await seedCalendar(trx);
    await seedPayees(trx);
    await seedTemplates(trx);
    await seedCutoffs(trx);
    await seedBulkImport(trx);
    await seedValuation(trx);
    await seedMessages(trx);
    await seedCashStatements(trx);
    await seedReconciliations(trx);
    await seedAuditConfirmations(trx);
    await seedAdminChanges(trx);
  });
}
