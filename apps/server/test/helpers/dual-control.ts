import type { TestApp } from './test-app';

/**
 * A `prepare` fixture: the bank waives dual control for these enterprises (the bank's own
 * number: its staff), so a test of an administrative operation itself sees it apply at once.
 * Dual control is tested in test/modules/admin-changes.
 */
export const waived =
  (...enterpriseNos: string[]) =>
  async (app: TestApp) => {
    const db = app.stores.database.db;
    const admin = await db.selectFrom('user_numbers').select(['user_id', 'user_no']).where('user_no', '=', 'S900000001').executeTakeFirstOrThrow();
    await db
      .insertInto('dual_control_waivers')
      .values(enterpriseNos.map((enterprise_no) => ({ enterprise_no, reason: '测试：直接生效', waived_by_user_id: admin.user_id, waived_by_user_no: admin.user_no })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  };

/**
 * A `prepare` fixture: the demo seed's second administrators (qyapprove, secadmin) hold no role,
 * so the bank and 华夏远航 each have the one administrator the last-administrator rules test.
 */
export const oneAdministratorEach = async (app: TestApp) => {
  await app.stores.database.db.deleteFrom('user_number_roles').where('user_no', 'in', ['S900000004', 'U100000106']).execute();
};
