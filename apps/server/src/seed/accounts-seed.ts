import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { DEMO_ACCOUNTS, INSTITUTIONS, demoRights, generateAccounts, generateEbank, prng } from './accounts-data';
import { ENTERPRISES } from './demo-data';

/**
 * The demo register, e-banking accounts and account rights. Idempotent like the rest of the
 * seed: rows that exist are left as they are (a renamed or forbidden account stays so).
 */
export async function seedAccounts(trx: Transaction<DB>) {
  await trx
    .insertInto('enterprises')
    .values([...INSTITUTIONS])
    .onConflict((oc) => oc.column('enterprise_no').doNothing())
    .execute();

  const seats = new Set((await trx.selectFrom('user_numbers').select('user_no').execute()).map((s) => s.user_no));
  for (const plan of DEMO_ACCOUNTS) {
    const enterprise = ENTERPRISES.find((e) => e.enterprise_no === plan.enterprise_no)!;
    const rnd = prng(Number(plan.enterprise_no));
    const accounts = generateAccounts(enterprise, plan.count, plan.serialBase, rnd);
    await trx
      .insertInto('custody_accounts')
      .values(accounts.map(({ short: _short, ...row }) => row))
      .onConflict((oc) => oc.column('account_no').doNothing())
      .execute();
    const ebank = generateEbank(accounts, plan.addedBy, rnd);
    if (ebank.length > 0) await trx.insertInto('ebank_accounts').values(ebank).onConflict((oc) => oc.column('account_no').doNothing()).execute();

    const rights = demoRights(plan.enterprise_no, ebank, rnd, (userNo) => seats.has(userNo));
    if (rights.length > 0) {
      await trx
        .insertInto('account_auth')
        .values(rights.map((r) => ({ ...r, enterprise_no: plan.enterprise_no, can_query: true, updated_by: plan.addedBy })))
        .onConflict((oc) => oc.columns(['user_no', 'account_no']).doNothing())
        .execute();
    }
  }
}
