import { inflateSync } from 'node:zlib';

/** The text a PDF's fonts can show: the ToUnicode maps' target code points, decoded. */
export function pdfUnicodeText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      const body = inflateSync(pdf.subarray(start, end)).toString('latin1');
      if (!body.includes('beginbfrange') && !body.includes('beginbfchar')) continue;
      for (const hex of body.matchAll(/<([0-9a-fA-F]{4,})>\s*\]?\s*(?:\r?\n|$)/g)) out.push(String.fromCharCode(parseInt(hex[1]!, 16)));
      for (const hex of body.matchAll(/\[([^\]]*)\]/g)) for (const h of hex[1]!.matchAll(/<([0-9a-fA-F]{4})>/g)) out.push(String.fromCharCode(parseInt(h[1]!, 16)));
    } catch {
      // not a deflated stream
    }
  }
  return out.join('');
}
