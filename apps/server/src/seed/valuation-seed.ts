import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { formatDate, scaled, centsText, statementFingerprint } from '@portal/shared';
import type { DB } from '../db/schema';
import { demoStatements, statementsCsv, weekdays, type DemoProduct } from './valuation-data';

/**
 * Demo valuation statements over the last 90 days, one file a weekday as the custodian's staff
 * would have imported it at 08:30 the next morning, for up to five products of each demo
 * enterprise (those a third-party institution oversees first, so its seats see some). Idempotent:
 * when any statement exists, nothing is added.
 */
const DEMO_ENTERPRISES = ['1000000001', '1000000002', '1000000003'];
const PER_ENTERPRISE = 5;
const DAY = 86_400_000;

const sm3 = (text: string) => createHash('sm3').update(text).digest('hex');

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
  for (const [n, day] of days.entries()) {
    const statements = series.map((s) => s[n]!);
    const importedAt = new Date(Date.parse(`${day}T08:30:00+08:00`) + DAY);
    const { id: importId } = await trx
      .insertInto('valuation_imports')
      .values({
        file_name: `估值表_${day.replace(/-/g, '')}.csv`,
        file_digest: sm3(statementsCsv(statements)),
        row_count: statements.reduce((t, s) => t + 1 + s.items.length, 0),
        statement_count: statements.length,
        added: statements.length,
        imported_by_user_id: importer.user_id,
        imported_by_user_no: importer.user_no,
        imported_at: importedAt.getTime() > now ? new Date(now - 60_000) : importedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sum = (s: (typeof statements)[number], type: string) => centsText(s.items.filter((i) => i.type === type).reduce((t, i) => t + scaled(i.marketValue, 2)!, 0n));
    const ids = await trx
      .insertInto('valuation_statements')
      .values(
        statements.map((s, i) => ({
          import_id: importId,
          enterprise_no: s.enterpriseNo,
          product_code: s.productCode,
          product_name: products[i]!.name,
          valuation_date: day,
          nav: s.nav,
          units: s.units,
          unit_nav: s.unitNav,
          cum_unit_nav: s.cumUnitNav,
          securities: sum(s, 'position'),
          cash: sum(s, 'cash'),
          receivables: sum(s, 'receivable'),
          payables: sum(s, 'payable'),
          content_digest: sm3(statementFingerprint(s)),
        })),
      )
      .returning(['id', 'product_code', 'enterprise_no'])
      .execute();
    const idOf = new Map(ids.map((r) => [`${r.enterprise_no}|${r.product_code}`, r.id]));
    await trx
      .insertInto('valuation_lines')
      .values(
        statements.flatMap((s) =>
          s.items.map((i, k) => ({
            statement_id: idOf.get(`${s.enterpriseNo}|${s.productCode}`)!,
            line_no: k + 1,
            line_type: i.type,
            security_code: i.securityCode,
            market: i.market,
            name: i.name,
            asset_class: i.assetClass,
            quantity: i.quantity,
            unit_cost: i.unitCost,
            cost: i.cost,
            price: i.price,
            market_value: i.marketValue,
            gain: i.gain,
            nav_ratio: i.navRatio,
          })),
        ),
      )
      .execute();
  }
}
