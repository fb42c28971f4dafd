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

/** The cells of one CSV line: commas separate, double quotes enclose, `""` is a quote. */
export function csvCells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
}
