import { sql, type Transaction } from 'kysely';
import { formatDate } from '@portal/shared';
import type { DB } from '../db/schema';
import { lineRow, statementRow } from '../modules/valuation/valuation-rows';
import { sm3Hex } from '../sm3';
import { demoStatements, statementsCsv, weekdays, type DemoProduct } from './valuation-data';

/**
 * Demo valuation statements over the last 90 days, one file a weekday as the custodian's staff
 * would have imported it at 08:30 the next morning (written in three inserts), for up to five products of each demo
 * enterprise (those a third-party institution oversees first, so its seats see some). Idempotent:
 * when any statement exists, nothing is added.
 */
const DEMO_ENTERPRISES = ['1000000001', '1000000002', '1000000003'];
const PER_ENTERPRISE = 5;
const DAY = 86_400_000;

export async function seedValuation(trx: Transaction<DB>, now = Date.now()) {
  if (await trx.selectFrom('valuation_statements').select('id').limit(1).executeTakeFirst()) return;
  const importer = await trx
    .selectFrom('user_numbers as un')
    .innerJoin('user_number_roles as ur', 'ur.user_no', 'un.user_no')
    .innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id')
    .select(['un.user_no', 'un.user_id'])
    .where('ra.authority', '=', 'VALUATION_IMPORT')
    .orderBy('un.user_no')
    .executeTakeFirst();
  if (!importer) return;
  const rows = await trx
    .selectFrom('custody_accounts')
    .select(['enterprise_no', 'product_code', sql<string>`min(product_name)`.as('product_name'), sql<boolean>`bool_or(third_party_enterprise_no is not null)`.as('overseen')])
    .where('enterprise_no', 'in', DEMO_ENTERPRISES)
    .where('currency', '=', 'CNY')
    .groupBy(['enterprise_no', 'product_code'])
    .orderBy('enterprise_no')
    .orderBy('product_code')
    .execute();
  const products: (DemoProduct & { name: string })[] = [];
  for (const enterpriseNo of DEMO_ENTERPRISES) {
    const own = rows.filter((r) => r.enterprise_no === enterpriseNo).sort((a, b) => Number(b.overseen) - Number(a.overseen));
    own.slice(0, PER_ENTERPRISE).forEach((r, i) =>
      products.push({ enterpriseNo, productCode: r.product_code, name: r.product_name, seed: Number(enterpriseNo.slice(-3)) * 100 + i + 1, style: enterpriseNo === '1000000001' && !/资产管理计划/.test(r.product_name) ? 'balanced' : 'bond' }),
    );
  }
  if (products.length === 0) return;

  const yesterday = formatDate(now - DAY);
  const days = weekdays(formatDate(now - 90 * DAY), yesterday);
  const series = products.map((p) => demoStatements(p, days));
  const byDay = days.map((_, n) => series.map((s) => s[n]!));
  // A few statements in all: the imports in one insert, statements and lines each in one insert
  // from a JSON parameter (a first start stays quick on the embedded database).
  const imports = await trx
    .insertInto('valuation_imports')
    .values(
      days.map((day, n) => {
        const importedAt = new Date(Date.parse(`${day}T08:30:00+08:00`) + DAY);
        return {
          file_name: `估值表_${day.replace(/-/g, '')}.csv`,
          file_digest: sm3Hex(statementsCsv(byDay[n]!)),
          row_count: byDay[n]!.reduce((t, s) => t + 1 + s.items.length, 0),
          statement_count: byDay[n]!.length,
          added: byDay[n]!.length,
          imported_by_user_id: importer.user_id,
          imported_by_user_no: importer.user_no,
          imported_at: importedAt.getTime() > now ? new Date(now - 60_000) : importedAt,
        };
      }),
    )
    .returning(['id', 'file_name'])
    .execute();
  const importOf = new Map(imports.map((i) => [i.file_name, i.id]));
  const nameOf = new Map(products.map((p) => [`${p.enterpriseNo}|${p.productCode}`, p.name]));
  const statements = byDay.flat().map((s) => ({
    import_id: importOf.get(`估值表_${s.valuationDate.replace(/-/g, '')}.csv`)!,
    ...statementRow(s, nameOf.get(`${s.enterpriseNo}|${s.productCode}`)!),
  }));
  await sql`insert into valuation_statements (import_id, enterprise_no, product_code, product_name, valuation_date, nav, units, unit_nav, cum_unit_nav, securities, cash, receivables, payables, content_digest)
    select import_id, enterprise_no, product_code, product_name, valuation_date, nav, units, unit_nav, cum_unit_nav, securities, cash, receivables, payables, content_digest
    from jsonb_to_recordset(${JSON.stringify(statements)}::jsonb) as r(import_id integer, enterprise_no text, product_code text, product_name text, valuation_date date, nav numeric, units numeric,
      unit_nav numeric, cum_unit_nav numeric, securities numeric, cash numeric, receivables numeric, payables numeric, content_digest text)`.execute(trx);
  const lines = byDay.flat().flatMap((s) =>
    s.items.map((i, k) => ({ enterprise_no: s.enterpriseNo, product_code: s.productCode, valuation_date: s.valuationDate, ...lineRow(i, k + 1) })),
  );
  await sql`insert into valuation_lines (statement_id, line_no, line_type, security_code, market, name, asset_class, quantity, unit_cost, cost, price, market_value, gain, nav_ratio)
    select s.id, r.line_no, r.line_type, r.security_code, r.market, r.name, r.asset_class, r.quantity, r.unit_cost, r.cost, r.price, r.market_value, r.gain, r.nav_ratio
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(enterprise_no text, product_code text, valuation_date date, line_no integer, line_type text, security_code text, market text, name text,
      asset_class text, quantity numeric, unit_cost numeric, cost numeric, price numeric, market_value numeric, gain numeric, nav_ratio numeric)
    join valuation_statements s on s.enterprise_no = r.enterprise_no and s.product_code = r.product_code and s.valuation_date = r.valuation_date`.execute(trx);
}
