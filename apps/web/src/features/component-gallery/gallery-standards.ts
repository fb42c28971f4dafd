import type { StandardCode } from '../../lib/dictionary';

/** The data standards the gallery's table and form are built from, loaded from the server's seed. */
export const GALLERY_STANDARDS: StandardCode[] = [
  'accountNo',
  'accountName',
  'amount',
  'currency',
  'mobile',
  'tradeDate',
  'settleDate',
  'cardType',
  'channel',
  'reinvestType',
  'accountStatus',
].map((code) => ({ code }));
