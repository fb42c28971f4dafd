/**
 * The text of an uploaded CSV, the same in the browser and on the server. Excel on Chinese
 * Windows saves "CSV (逗号分隔)" in GBK and "CSV UTF-8" with a byte-order mark, so UTF-8 is
 * tried strictly first (BOM dropped) and GB18030, GBK's superset, is the fallback.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
