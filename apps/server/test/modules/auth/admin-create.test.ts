import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database';
import { migrate } from '../../../src/db/migrate';
import { STAFF_ADMIN_ROLE, STAFF_ENTERPRISE, createStaffAdministrator } from '../../../src/modules/auth/staff-admin';
import { syncReferenceData } from '../../../src/reference/sync';
import { serverUnderTest } from '../../helpers/server-under-test';

describe('admin:create on a database with the demo data', () => {
  const { app, client, db } = serverUnderTest();

  it('creates a staff administrator who logs in with every staff authority and sees health details', async () => {
    const created = await createStaffAdministrator(app().stores.database, { username: 'ops.admin', password: 'Strong1234' });
    expect(created).toMatchObject({ userNo: expect.stringMatching(/^S\d{9}$/), enterpriseNo: STAFF_ENTERPRISE.enterprise_no });
    expect(created.userNo).not.toBe('S900000001'); // the demo admin's

    const token = await client().token('ops.admin', 'Strong1234');
    const user = await app().inject({
      method: 'GET',
      url: '/pmobile/customer/current/user',
      headers: { ...client().envelope.headers, authorization: `Bearer ${token}` },
    });
    expect(user.json().data).toMatchObject({ username: 'ops.admin', userNo: created.userNo, enterpriseNo: STAFF_ENTERPRISE.enterprise_no });
    expect([...user.json().data.access].sort()).toEqual([...STAFF_ADMIN_ROLE.authorities].sort());
    const health = await app().inject({ method: 'GET', url: '/pmobile/monitor/system/health', headers: { authorization: `Bearer ${token}` } });
    expect(health.json().data.database).toBeDefined();
  });

  it('refuses an existing username, a weak password and a malformed username', async () => {
    await expect(createStaffAdministrator(app().stores.database, { username: 'admin', password: 'Strong1234' })).rejects.toThrow(/已存在/);
    await expect(createStaffAdministrator(app().stores.database, { username: 'weak.admin', password: 'abc' })).rejects.toThrow();
    await expect(createStaffAdministrator(app().stores.database, { username: 'weak.admin', password: 'abcdefgh' })).rejects.toThrow();
    await expect(createStaffAdministrator(app().stores.database, { username: '1 bad', password: 'Strong1234' })).rejects.toThrow(/用户名/);
    const rows = await db().selectFrom('users').select('username').where('username', 'in', ['weak.admin', '1 bad']).execute();
    expect(rows).toEqual([]);
  });

  it('never stores the password in the clear', async () => {
    await createStaffAdministrator(app().stores.database, { username: 'hash.check', password: 'Strong1234' });
    const row = await db().selectFrom('users').select(['password_hash', 'user_type']).where('username', '=', 'hash.check').executeTakeFirstOrThrow();
    expect(row.user_type).toBe('staff');
    expect(row.password_hash).not.toContain('Strong1234');
  });
});

describe('admin:create on an empty production database (no demo data)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await migrate(database);
    await syncReferenceData(database, { CUSTOMER_PREFIX: 'customer', GATEWAY_PREFIX: 'gateway' });
  });
  afterAll(() => database.close());

  it('creates the administrators on the reference data alone', async () => {
    const first = await createStaffAdministrator(database, { username: 'first.admin', password: 'Strong1234' });
    const second = await createStaffAdministrator(database, { username: 'second.admin', password: 'Strong5678' });
    expect([first.userNo, second.userNo]).toEqual(['S900000001', 'S900000002']);
    const db = database.db;
    expect(await db.selectFrom('enterprises').select('enterprise_no').execute()).toEqual([{ enterprise_no: STAFF_ENTERPRISE.enterprise_no }]);
    const authorities = await db
      .selectFrom('user_number_roles as r')
      .innerJoin('role_authorities as a', 'a.role_id', 'r.role_id')
      .select('a.authority')
      .where('r.user_no', '=', second.userNo)
      .execute();
    expect(authorities.map((a) => a.authority).sort()).toEqual([...STAFF_ADMIN_ROLE.authorities].sort());
  });
});
