import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Whether the login is certificate-only: it has held a certificate and staff have not restored
 * password login since (pen test H2: freezing or revoking a certificate must not fall back to the
 * password, and an expired one must be renewed).
 */
export async function holdsCertificate(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('certificates').select('serial').where('user_id', '=', userId).where('password_restored_at', 'is', null).executeTakeFirst();
  return Boolean(row);
}

/** Whether the person has an active seat whose enterprise staff disabled. */
export async function hasSeatInDisabledEnterprise(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_numbers as n')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .select('n.user_no')
    .where('n.user_id', '=', userId)
    .where('n.status', '=', 1)
    .where('e.status', '=', 0)
    .executeTakeFirst();
  return Boolean(row);
}

/** Remembers the browser's device key; true when this user has not logged in from it before. */
export async function recordDevice(db: Kysely<DB>, userId: number, deviceKey: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('login_devices')
    .values({ user_id: userId, device_key: deviceKey, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_key']).doUpdateSet({ last_seen_at: now }))
    .returning('first_seen_at')
    .executeTakeFirstOrThrow();
  return row.first_seen_at.getTime() === now.getTime();
}
