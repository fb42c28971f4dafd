import { sql } from 'kysely';
import { amountCell } from '../../platform/xlsx';
import { registerReport, renderTable } from '../reports';
import { productsInScope } from './valuation.queries';

/** 报表中心's valuation report: each product's daily NAV figures over the period (the seat's products and those it oversees). */
export function registerValuationReports() {
  registerReport({
    kind: 'valuationNav',
    title: '产品净值报表',
    description: '期间内各产品每个估值日的资产净值、实收份额、单位净值与累计单位净值',
    authority: ['VALUATION_VIEW'],
    formats: ['xlsx', 'csv', 'pdf'],
    params: ['period'],
    async generate(db, scope, params, output) {
      // The report centre refuses a `period` report without both ends.
      const [from, to] = [params.from!, params.to!];
      const products = await productsInScope(db, scope.enterpriseNo);
      const rows =
        products.length === 0
          ? []
          : await db
              .selectFrom('valuation_statements as s')
              .select(['s.product_code', 's.product_name', sql<string>`to_char(s.valuation_date, 'YYYY-MM-DD')`.as('valuation_date'), 's.nav', 's.units', 's.unit_nav', 's.cum_unit_nav'])
              .where((eb) => eb.or(products.map((p) => eb.and([eb('s.enterprise_no', '=', p.enterpriseNo), eb('s.product_code', '=', p.productCode)]))))
              .where('s.valuation_date', '>=', from)
              .where('s.valuation_date', '<=', to)
              .orderBy('s.product_code')
              .orderBy('s.valuation_date')
              .limit(50_000)
              .execute();
      return renderTable('产品净值', [
        { header: '产品代码', width: 12, kind: 'text', value: (r) => r.product_code },
        { header: '产品名称', width: 40, value: (r) => r.product_name },
        { header: '估值日期', width: 12, kind: 'text', value: (r) => r.valuation_date },
        { header: '资产净值', width: 20, kind: 'amount', value: (r) => amountCell(r.nav) },
        { header: '实收份额', width: 20, kind: 'amount', value: (r) => amountCell(r.units) },
        { header: '单位净值', width: 12, kind: 'price', value: (r) => amountCell(r.unit_nav) },
        { header: '累计单位净值', width: 14, kind: 'price', value: (r) => amountCell(r.cum_unit_nav) },
      ], rows, output);
    },
  });
}
