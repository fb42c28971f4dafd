import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config';
import { statementPdf } from '../apps/server/src/modules/valuation/statement-files';
import { navSeries, statementOf } from '../apps/server/src/modules/valuation/valuation.queries';
import { openBenchSchema } from './lib/bench-schema';
import { benchEnterprises } from './lib/enterprises';
import { timed } from './lib/measure';

const SCHEMA = 'bench_valuation';

/**
 * Valuation statements at scale (issue 29): PRODUCTS products × DAYS valuation days × POSITIONS
 * positions each (the design size 200 × 250 × 300 = 15 million lines; parameterised, e.g.
 * VALUATION_BENCH_PRODUCTS=4 VALUATION_BENCH_DAYS=10 VALUATION_BENCH_POSITIONS=20 for a quick
 * proof). Loaded in SQL (generate_series), then timed: one statement page (the statement, the
 * previous day's summary, its lines) and one product's NAV series over the whole period, each with
 * the statements they ran and the indexes their plans read; and that day's statement rendered as
 * the PDF download.
 */
export async function valuationBench() {
  const products = Number(process.env.VALUATION_BENCH_PRODUCTS ?? 200);
  const days = Number(process.env.VALUATION_BENCH_DAYS ?? 250);
  const positions = Number(process.env.VALUATION_BENCH_POSITIONS ?? 300);
  const bench = await openBenchSchema(SCHEMA, 8799);
  if (!bench) return { skipped: 'DATABASE_URL not set' };
  const { db, pool, close, explain } = bench;
  try {
    const enterprises = benchEnterprises(Math.max(1, Math.ceil(products / 10)));
    await db.insertInto('enterprises').values(enterprises).execute();
    const { user_id } = await db.selectFrom('users').select('user_id').orderBy('user_id').executeTakeFirstOrThrow();
    const { id: importId } = await db
      .insertInto('valuation_imports')
      .values({ file_name: 'bench.csv', file_digest: '0'.repeat(64), row_count: 1, statement_count: 1, added: 1, imported_by_user_id: user_id, imported_by_user_no: 'S000000000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const loadStart = performance.now();
    const productOf = (p: number) => ({ enterpriseNo: enterprises[p % enterprises.length]!.enterprise_no, productCode: `B${String(p).padStart(6, '0')}` });
    for (let d = 0; d < days; d++) {
      const day = new Date(Date.UTC(2025, 0, 1) + Math.floor((d * 7) / 5) * 86_400_000).toISOString().slice(0, 10);
      await sql`insert into valuation_statements (import_id, enterprise_no, product_code, product_name, valuation_date, nav, units, unit_nav, cum_unit_nav, securities, cash, receivables, payables, content_digest)
        select ${importId}, e.enterprise_no, e.product_code, '基准产品' || e.product_code, ${day}::date, 1000000000 + ${d} * 1000, 1000000000, 1 + ${d} / 10000.0, 1.1 + ${d} / 10000.0, 950000000, 50000000, 1000000, 1000000, ${'0'.repeat(64)}
        from jsonb_to_recordset(${JSON.stringify(Array.from({ length: products }, (_, p) => ({ enterprise_no: productOf(p).enterpriseNo, product_code: productOf(p).productCode })))}::jsonb) as e(enterprise_no text, product_code text)`.execute(db);
      await sql`insert into valuation_lines (statement_id, line_no, line_type, security_code, market, name, asset_class, quantity, unit_cost, cost, price, market_value, gain, nav_ratio)
        select s.id, g, 'position', lpad(g::text, 6, '0'), 'SH', '证券' || g, 'stock', 10000, 10, 100000, 10.5, 105000, 5000, 0.01
        from valuation_statements s cross join generate_series(1, ${positions}) g where s.valuation_date = ${day}::date`.execute(db);
    }
    await sql`vacuum analyze valuation_statements, valuation_lines`.execute(db);
    const loadSeconds = Number(((performance.now() - loadStart) / 1000).toFixed(1));
    const target = productOf(Math.floor(products / 2));
    const { rows } = await pool.query<{ last: string; first: string }>(
      `select max(valuation_date)::text as last, min(valuation_date)::text as first from ${SCHEMA}.valuation_statements where enterprise_no = $1 and product_code = $2`,
      [target.enterpriseNo, target.productCode],
    );
    const { first, last } = rows[0]!;
    const page = () => statementOf(db, target.enterpriseNo, target.productCode, last);
    const series = () => navSeries(db, target.enterpriseNo, target.productCode, first, last);
    if (!(await page())) throw new Error(`no statement of ${target.productCode} on ${last}`);
    const measure = async (work: () => Promise<unknown>) => ({ ...(await timed(work, 50, 5)), statements: (await explain(work)).map((s) => ({ executionMs: s.executionMs, indexes: s.indexes })) });
    // The statement's PDF as the download renders it, in the configured CJK font.
    const { PDF_FONT_PATH, PDF_FONT_NAME } = loadConfig();
    const statement = { ...(await page())!, enterpriseNo: target.enterpriseNo, enterpriseName: enterprises[0]!.enterprise_name, productCode: target.productCode };
    const pdf = () => statementPdf(statement, { path: PDF_FONT_PATH, name: PDF_FONT_NAME }, '2026-01-01 00:00:00');
    const pdfBytes = (await pdf()).length;
    return {
      size: { products, days, positions, lines: products * days * positions },
      loadSeconds,
      target: 'statement page and one-year NAV series p95 ≤ 50 ms; a 300-position PDF ≤ 2 s',
      statementPage: await measure(page),
      navSeriesFullPeriod: await measure(series),
      statementPdf: { positions: statement.lines.length, bytes: pdfBytes, ...(await timed(pdf, 10, 2)) },
    };
  } finally {
    await close();
  }
}
