import type { FeedFormat } from './feed-layout';
import { VALUATION_FORMAT } from './valuation-feed';
import { CASH_FEED_FORMAT } from './cash-feed';
import { FEED_COLUMNS, WARNING_KIND_NAMES } from './warning-feed';

/**
 * Every data file format in force, the list customers read (issue 29): a feature that loads a
 * custodian feed declares its format here, and a change of layout is a new version with its date.
 */
export const FEED_FORMATS: readonly FeedFormat[] = [
  ...(['clearPosition', 'preCleaning', 'newSharePayment'] as const).map((kind) => ({
    feed: kind,
    name: WARNING_KIND_NAMES[kind],
    version: '1.0',
    since: '2026-11-24',
    fileTypes: ['CSV'],
    columns: FEED_COLUMNS[kind],
  })),
  VALUATION_FORMAT,
  CASH_FEED_FORMAT,
];

/** The format in force of a feed; throws for a feed nobody declared (a programming error). */
export function feedFormat(feed: string): FeedFormat {
  const format = FEED_FORMATS.find((f) => f.feed === feed);
  if (!format) throw new Error(`no declared format for feed ${feed}`);
  return format;
}
