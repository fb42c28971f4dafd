import { ASSET_CLASSES, CODE_TABLES, VALUATION_LINE_TYPES, formatAmount, formatDateTime, type ValuationLine } from '@portal/shared';

export const dateTime = (iso: string) => formatDateTime(iso) || '暂无';
export const money = (v: string | null) => (v === null ? '' : formatAmount(v));
/** Four decimals with separators (prices, quantities, unit NAVs). */
export const four = (v: string | null) => (v === null ? '' : Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 }));
export const marketLabel = (code: string) => (code ? (CODE_TABLES.market[code as keyof typeof CODE_TABLES.market] ?? code) : '');
/** A position's asset class, or the money line's kind (现金, 应收, 应付). */
export const classLabel = (l: Pick<ValuationLine, 'type' | 'assetClass'>) => (l.type === 'position' && l.assetClass ? ASSET_CLASSES[l.assetClass] : VALUATION_LINE_TYPES[l.type]);

/** Exact sum of decimal strings with two decimals, as a decimal string. */
export function sumCents(values: readonly (string | null)[]): string {
  let cents = 0n;
  for (const v of values) {
    if (v === null) continue;
    const negative = v.startsWith('-');
    const [whole = '0', fraction = ''] = v.replace('-', '').split('.');
    const n = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
    cents += negative ? -n : n;
  }
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** current − previous of two decimals with `scale` places, as a signed text, or null. */
export function change(current: string, previous: string | undefined, scale: 2 | 4): string | null {
  if (previous === undefined) return null;
  const f = 10 ** scale;
  const diff = Math.round(Number(current) * f) - Math.round(Number(previous) * f);
  const text = scale === 2 ? formatAmount((diff / f).toFixed(2)) : (diff / f).toFixed(4);
  return diff > 0 ? `+${text}` : text;
}
