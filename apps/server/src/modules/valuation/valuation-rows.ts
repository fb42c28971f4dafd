import { centsText, scaled, statementFingerprint, type ValuationItem, type ValuationStatement } from '@portal/shared';
import { sm3Hex } from '../../sm3';

/** A statement as its `valuation_statements` row, without its import: the totals of its lines in cents and the digest of its content. */
export function statementRow(s: ValuationStatement, productName: string) {
  const sum = (type: string) => centsText(s.items.filter((i) => i.type === type).reduce((t, i) => t + scaled(i.marketValue, 2)!, 0n));
  return {
    enterprise_no: s.enterpriseNo,
    product_code: s.productCode,
    product_name: productName,
    valuation_date: s.valuationDate,
    nav: s.nav,
    units: s.units,
    unit_nav: s.unitNav,
    cum_unit_nav: s.cumUnitNav,
    securities: sum('position'),
    cash: sum('cash'),
    receivables: sum('receivable'),
    payables: sum('payable'),
    content_digest: sm3Hex(statementFingerprint(s)),
  };
}

/** A statement's item as its `valuation_lines` row, without the statement's id. */
export const lineRow = (i: ValuationItem, lineNo: number) => ({
  line_no: lineNo,
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
});
