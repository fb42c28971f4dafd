import { sql, type Kysely, type Transaction } from 'kysely';
import { type NavPoint, type ValuationImportRecord, type ValuationLine, type ValuationProduct, type ValuationSummary } from '@portal/shared';
import type { DB } from '../../db/schema';

/**
 * The reads of valuation statements. A customer's scope is its enterprise's products and the
 * products whose accounts name it as third-party institution; every read takes the session's
 * enterprise and checks the product against that scope.
 */

type Db = Kysely<DB> | Transaction<DB>;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The products `enterpriseNo` may read, with their newest valuation day. */
export async function productsInScope(db: Db, enterpriseNo: string): Promise<ValuationProduct[]> {
  const rows = await db
    .selectFrom('custody_accounts as c')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .select(['c.enterprise_no', 'e.enterprise_name', 'c.product_code', sql<string>`min(c.product_name)`.as('product_name'), sql<boolean>`bool_and(c.enterprise_no <> ${enterpriseNo})`.as('overseen')])
    .select((eb) =>
      eb
        .selectFrom('valuation_statements as s')
        .select(sql<string>`to_char(max(s.valuation_date), 'YYYY-MM-DD')`.as('d'))
        .whereRef('s.enterprise_no', '=', 'c.enterprise_no')
        .whereRef('s.product_code', '=', 'c.product_code')
        .as('latest_date'),
    )
    .where((eb) => eb.or([eb('c.enterprise_no', '=', enterpriseNo), eb('c.third_party_enterprise_no', '=', enterpriseNo)]))
    .groupBy(['c.enterprise_no', 'e.enterprise_name', 'c.product_code'])
    .orderBy('c.enterprise_no')
    .orderBy('c.product_code')
    .execute();
  return rows.map((r) => ({
    enterpriseNo: r.enterprise_no,
    enterpriseName: r.enterprise_name,
    productCode: r.product_code,
    productName: r.product_name,
    latestDate: r.latest_date ?? null,
    overseen: r.overseen,
  }));
}

/** The product, when `enterpriseNo` may read it (its own, or overseen as third party). */
export async function productInScope(db: Db, enterpriseNo: string, product: { enterpriseNo: string; productCode: string }) {
  return db
    .selectFrom('custody_accounts as c')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .select(['c.enterprise_no', 'e.enterprise_name', 'c.product_code', 'c.product_name'])
    .where('c.enterprise_no', '=', product.enterpriseNo)
    .where('c.product_code', '=', product.productCode)
    .where((eb) => eb.or([eb('c.enterprise_no', '=', enterpriseNo), eb('c.third_party_enterprise_no', '=', enterpriseNo)]))
    .limit(1)
    .executeTakeFirst();
}

const summaryColumns = [
  'id',
  'product_name',
  sql<string>`to_char(valuation_date, 'YYYY-MM-DD')`.as('valuation_date'),
  sql<string>`nav::text`.as('nav'),
  sql<string>`units::text`.as('units'),
  sql<string>`unit_nav::text`.as('unit_nav'),
  sql<string>`cum_unit_nav::text`.as('cum_unit_nav'),
  sql<string>`securities::text`.as('securities'),
  sql<string>`cash::text`.as('cash'),
  sql<string>`receivables::text`.as('receivables'),
  sql<string>`payables::text`.as('payables'),
  'import_id',
] as const;

const toSummary = (r: { valuation_date: string; nav: string; units: string; unit_nav: string; cum_unit_nav: string; securities: string; cash: string; receivables: string; payables: string }): ValuationSummary => ({
  valuationDate: r.valuation_date,
  nav: r.nav,
  units: r.units,
  unitNav: r.unit_nav,
  cumUnitNav: r.cum_unit_nav,
  securities: r.securities,
  cash: r.cash,
  receivables: r.receivables,
  payables: r.payables,
});

/** The statement of one day and the previous valuation day's summary (one index range each). */
export async function statementOf(db: Db, enterpriseNo: string, productCode: string, date: string) {
  const current = await db
    .selectFrom('valuation_statements')
    .select(summaryColumns)
    .where('enterprise_no', '=', enterpriseNo)
    .where('product_code', '=', productCode)
    .where('valuation_date', '=', date)
    .executeTakeFirst();
  if (!current) return undefined;
  const [previous, lines, imported] = await Promise.all([
    db
      .selectFrom('valuation_statements')
      .select(summaryColumns)
      .where('enterprise_no', '=', enterpriseNo)
      .where('product_code', '=', productCode)
      .where('valuation_date', '<', date)
      .orderBy('valuation_date', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('valuation_lines')
      .select([
        'line_no',
        'line_type',
        'security_code',
        'market',
        'name',
        'asset_class',
        sql<string | null>`quantity::text`.as('quantity'),
        sql<string | null>`unit_cost::text`.as('unit_cost'),
        sql<string | null>`cost::text`.as('cost'),
        sql<string | null>`price::text`.as('price'),
        sql<string>`market_value::text`.as('market_value'),
        sql<string | null>`gain::text`.as('gain'),
        sql<string>`nav_ratio::text`.as('nav_ratio'),
      ])
      .where('statement_id', '=', current.id)
      .orderBy('line_no')
      .execute(),
    db.selectFrom('valuation_imports').select('imported_at').where('id', '=', current.import_id).executeTakeFirstOrThrow(),
  ]);
  return {
    productName: current.product_name,
    current: toSummary(current),
    previous: previous ? toSummary(previous) : null,
    importedAt: iso(imported.imported_at),
    lines: lines.map(
      (l): ValuationLine => ({
        lineNo: l.line_no,
        type: l.line_type,
        securityCode: l.security_code,
        market: l.market,
        name: l.name,
        assetClass: l.asset_class as ValuationLine['assetClass'],
        quantity: l.quantity,
        unitCost: l.unit_cost,
        cost: l.cost,
        price: l.price,
        marketValue: l.market_value,
        gain: l.gain,
        navRatio: l.nav_ratio,
      }),
    ),
  };
}

/** One product's NAV per valuation day within the period, oldest first (index-only). */
export async function navSeries(db: Db, enterpriseNo: string, productCode: string, from: string, to: string): Promise<NavPoint[]> {
  const rows = await db
    .selectFrom('valuation_statements')
    .select([sql<string>`to_char(valuation_date, 'YYYY-MM-DD')`.as('date'), sql<string>`nav::text`.as('nav'), sql<string>`unit_nav::text`.as('unit_nav'), sql<string>`cum_unit_nav::text`.as('cum')])
    .where('enterprise_no', '=', enterpriseNo)
    .where('product_code', '=', productCode)
    .where('valuation_date', '>=', from)
    .where('valuation_date', '<=', to)
    .orderBy('valuation_date')
    .execute();
  return rows.map((r) => ({ date: r.date, nav: r.nav, unitNav: r.unit_nav, cumUnitNav: r.cum }));
}

/** The statements already on file for these keys, with their content digests. */
export async function existingStatements(db: Db, keys: readonly { enterpriseNo: string; productCode: string; valuationDate: string }[]) {
  const found = new Map<string, { digest: string; importedAt: string }>();
  for (let i = 0; i < keys.length; i += 300) {
    const slice = keys.slice(i, i + 300);
    const rows = await db
      .selectFrom('valuation_statements as s')
      .innerJoin('valuation_imports as i', 'i.id', 's.import_id')
      .select(['s.enterprise_no', 's.product_code', sql<string>`to_char(s.valuation_date, 'YYYY-MM-DD')`.as('d'), 's.content_digest', 'i.imported_at'])
      .where((eb) => eb.or(slice.map((k) => eb.and([eb('s.enterprise_no', '=', k.enterpriseNo), eb('s.product_code', '=', k.productCode), eb('s.valuation_date', '=', k.valuationDate)]))))
      .execute();
    for (const r of rows) found.set(`${r.enterprise_no}|${r.product_code}|${r.d}`, { digest: r.content_digest, importedAt: iso(r.imported_at) });
  }
  return found;
}

/** The register's products named by `pairs` (enterprise + product code), with their names. */
export async function registerProducts(db: Db, pairs: readonly { enterpriseNo: string; productCode: string }[]) {
  const enterprises = new Set<string>();
  const products = new Map<string, string>();
  const enterpriseNos = [...new Set(pairs.map((p) => p.enterpriseNo))];
  for (let i = 0; i < enterpriseNos.length; i += 500) {
    const slice = enterpriseNos.slice(i, i + 500);
    for (const e of await db.selectFrom('enterprises').select('enterprise_no').where('enterprise_no', 'in', slice).execute()) enterprises.add(e.enterprise_no);
    const rows = await db
      .selectFrom('custody_accounts')
      .select(['enterprise_no', 'product_code', sql<string>`min(product_name)`.as('product_name')])
      .where('enterprise_no', 'in', slice)
      .groupBy(['enterprise_no', 'product_code'])
      .execute();
    for (const r of rows) products.set(`${r.enterprise_no}|${r.product_code}`, r.product_name);
  }
  return { enterprises, products };
}

export async function listImports(db: Kysely<DB>, f: { page: number; limit: number }): Promise<{ records: ValuationImportRecord[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.selectFrom('valuation_imports').selectAll().orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    db.selectFrom('valuation_imports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      fileName: r.file_name,
      fileDigest: r.file_digest,
      rowCount: r.row_count,
      statementCount: r.statement_count,
      added: r.added,
      importedByUserNo: r.imported_by_user_no,
      importedAt: iso(r.imported_at),
    })),
    total: Number(total.n),
  };
}
