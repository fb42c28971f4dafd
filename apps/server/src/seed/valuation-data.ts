import { VALUATION_COLUMNS, VALUATION_LINE_TYPES, ASSET_CLASSES, centsText, type AssetClass, type ValuationItem, type ValuationStatement } from '@portal/shared';
import { prng, type Prng } from './accounts-data';

/**
 * Demo valuation statements: a product's holdings of 国债, 政策性金融债, 同业存单, A股 and 基金,
 * their prices drifting day by day, with cash, receivables and payables; NAV, unit NAV and the
 * percentages follow exactly, so every statement passes the import's checks. Also writes them as
 * the CSV staff import (the sample in docs/feeds and the tests' files).
 */

interface Security {
  code: string;
  market: 'SH' | 'SZ' | 'IB';
  name: string;
  assetClass: AssetClass;
  /** Starting price, yuan. */
  price: number;
  /** Daily volatility. */
  vol: number;
  /** Lot size of quantities. */
  lot: number;
}

const bond = (code: string, name: string, assetClass: AssetClass, price: number): Security => ({ code, market: 'IB', name, assetClass, price, vol: 0.0012, lot: 1000 });
const stock = (code: string, market: 'SH' | 'SZ', name: string, price: number): Security => ({ code, market, name, assetClass: 'stock', price, vol: 0.016, lot: 100 });
const fund = (code: string, market: 'SH' | 'SZ', name: string, price: number, vol = 0.009): Security => ({ code, market, name, assetClass: 'fund', price, vol, lot: 100 });

export const SECURITIES: readonly Security[] = [
  bond('240004', '24附息国债04', 'govBond', 101.32),
  bond('240011', '24附息国债11', 'govBond', 100.58),
  bond('230026', '23附息国债26', 'govBond', 103.07),
  bond('019749', '24国债17', 'govBond', 100.21),
  bond('240210', '24国开10', 'policyBond', 102.45),
  bond('240203', '24国开03', 'policyBond', 101.88),
  bond('240308', '24进出08', 'policyBond', 100.96),
  bond('240415', '24农发15', 'policyBond', 101.14),
  bond('112403128', '24工商银行CD128', 'ncd', 98.62),
  bond('112415076', '24民生银行CD076', 'ncd', 98.95),
  bond('112421213', '24渤海银行CD213', 'ncd', 99.11),
  bond('112499350', '24宁波银行CD350', 'ncd', 98.74),
  stock('600036', 'SH', '招商银行', 35.42),
  stock('601318', 'SH', '中国平安', 44.86),
  stock('600519', 'SH', '贵州茅台', 1528.0),
  stock('601899', 'SH', '紫金矿业', 17.35),
  stock('600900', 'SH', '长江电力', 28.91),
  stock('000651', 'SZ', '格力电器', 40.12),
  stock('000333', 'SZ', '美的集团', 71.5),
  stock('300750', 'SZ', '宁德时代', 251.3),
  stock('002415', 'SZ', '海康威视', 29.66),
  stock('000858', 'SZ', '五粮液', 128.4),
  fund('510300', 'SH', '沪深300ETF', 3.912),
  fund('510500', 'SH', '中证500ETF', 5.684),
  fund('159915', 'SZ', '创业板ETF', 2.143, 0.015),
  fund('511990', 'SH', '华宝添益', 100.003, 0.00002),
];

export interface DemoProduct {
  enterpriseNo: string;
  productCode: string;
  /** Seed of the product's own sequence. */
  seed: number;
  /** Bond-heavy (insurers, annuities) or equity-tilted (funds). */
  style: 'bond' | 'balanced';
}

const TEN_THOUSAND = 10_000;
const round4 = (n: number) => Math.round(n * TEN_THOUSAND);
const fixed4 = (tenThousandths: number) => (tenThousandths / TEN_THOUSAND).toFixed(4);

/**
 * A product's statements on `days` (yyyy-MM-dd, ascending): holdings chosen once, prices walking,
 * a few trades along the way; exact to the cent.
 */
export function demoStatements(product: DemoProduct, days: readonly string[]): ValuationStatement[] {
  const rnd: Prng = prng(product.seed);
  const bonds = SECURITIES.filter((s) => s.assetClass !== 'stock' && s.assetClass !== 'fund');
  const equities = SECURITIES.filter((s) => s.assetClass === 'stock' || s.assetClass === 'fund');
  const pick = <T,>(list: readonly T[], k: number) => [...list].sort(() => rnd.next() - 0.5).slice(0, k);
  const held = [...pick(bonds, product.style === 'bond' ? 9 : 6), ...pick(equities, product.style === 'bond' ? 5 : 11)];
  const size = rnd.int(4, 30) * 50_000_000; // yuan
  const equityShare = product.style === 'bond' ? 0.18 : 0.45;
  const positions = held.map((s) => {
    const weight = (s.assetClass === 'stock' || s.assetClass === 'fund' ? equityShare : 1 - equityShare) / held.filter((h) => (h.assetClass === 'stock' || h.assetClass === 'fund') === (s.assetClass === 'stock' || s.assetClass === 'fund')).length;
    const costPrice = s.price * (1 + (rnd.next() - 0.5) * 0.08);
    const quantity = Math.max(s.lot, Math.round((size * weight * (0.7 + rnd.next() * 0.6)) / costPrice / s.lot) * s.lot);
    return { s, quantity, unitCost: round4(costPrice), price: round4(s.price) };
  });
  const units = Math.round(size / (1 + rnd.next() * 0.4)) * 100; // cents of units
  const paidOut = rnd.int(0, 2_500); // cumulative distributions, 10^-4 per unit
  let cash = Math.round(size * 0.03 * 100);
  const statements: ValuationStatement[] = [];
  days.forEach((day, n) => {
    for (const p of positions) {
      const step = Math.exp((rnd.next() - 0.48) * 2 * p.s.vol);
      p.price = Math.max(1, Math.round(p.price * step));
    }
    if (n > 0 && n % 17 === 0) {
      // A trade: one position grows, paid from cash.
      const p = positions[rnd.int(0, positions.length - 1)]!;
      const extra = p.s.lot * rnd.int(1, 20);
      const paid = Math.round((extra * p.price) / 100);
      if (paid < cash) {
        p.unitCost = Math.round((p.quantity * p.unitCost + extra * p.price) / (p.quantity + extra));
        p.quantity += extra;
        cash -= paid;
      }
    }
    cash += rnd.int(-200_000, 260_000) * 100;
    const items: ValuationItem[] = [];
    let total = 0;
    for (const p of positions) {
      const mv = Math.round((p.quantity * p.price) / 100);
      const cost = Math.round((p.quantity * p.unitCost) / 100);
      total += mv;
      items.push({
        rowNo: 0,
        type: 'position',
        securityCode: p.s.code,
        market: p.s.market,
        name: p.s.name,
        assetClass: p.s.assetClass,
        quantity: `${p.quantity}.0000`,
        unitCost: fixed4(p.unitCost),
        cost: centsText(BigInt(cost)),
        price: fixed4(p.price),
        marketValue: centsText(BigInt(mv)),
        gain: centsText(BigInt(mv - cost)),
        navRatio: '0',
      });
    }
    const receivable = Math.round(total * 0.0004 + rnd.int(0, 5_000_000));
    const payable = Math.round(total * 0.0003 + rnd.int(0, 2_000_000));
    const money = (type: ValuationItem['type'], name: string, cents: number): ValuationItem => ({
      rowNo: 0, type, securityCode: '', market: '', name, assetClass: '', quantity: null, unitCost: null, cost: null, price: null, marketValue: centsText(BigInt(cents)), gain: null, navRatio: '0',
    });
    items.push(money('cash', '银行存款', cash), money('receivable', '应收利息', receivable), money('payable', '应付管理人报酬及托管费', payable));
    const nav = total + cash + receivable - payable;
    for (const item of items) item.navRatio = ((Number(item.marketValue) * 100) / (nav / 100)).toFixed(4);
    const unitNav = Math.round((nav * TEN_THOUSAND) / units);
    statements.push({
      rowNo: 0,
      valuationDate: day,
      enterpriseNo: product.enterpriseNo,
      productCode: product.productCode,
      nav: centsText(BigInt(nav)),
      units: centsText(BigInt(units)),
      unitNav: fixed4(unitNav),
      cumUnitNav: fixed4(unitNav + paidOut),
      items,
    });
  });
  return statements;
}

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The statements as the CSV staff import: the header, then per statement its 净值 line and its lines. */
export function statementsCsv(statements: readonly ValuationStatement[]): string {
  const lines = [VALUATION_COLUMNS.join(',')];
  for (const s of statements) {
    const head = [s.valuationDate, s.enterpriseNo, s.productCode];
    lines.push([...head, VALUATION_LINE_TYPES.summary, '', '', '', '', '', '', '', '', '', '', '', s.nav, s.units, s.unitNav, s.cumUnitNav].map(cell).join(','));
    for (const i of s.items) {
      lines.push(
        [...head, VALUATION_LINE_TYPES[i.type], i.securityCode, i.market, i.name, i.assetClass ? ASSET_CLASSES[i.assetClass] : '', i.quantity ?? '', i.unitCost ?? '', i.cost ?? '', i.price ?? '', i.marketValue, i.gain ?? '', i.navRatio, '', '', '', '']
          .map(cell)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Weekdays (Beijing) from `from` to `to` inclusive, yyyy-MM-dd. */
export function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}
