import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reading an uploaded ISO 20022 XML file (pain.001 for bulk import, camt.053 for cash statements):
 * strict UTF-8, no DOCTYPE or entity declarations, well-formed, then parsed into plain objects
 * navigated with `at`, `text` and `list`.
 */

export type XmlNode = Record<string, unknown>;

/** The node at `path` under `node`, or undefined. */
export const at = (node: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as XmlNode)[key] : undefined), node);

/** An element's trimmed text ('' when absent), whether or not it carries attributes. */
export const text = (node: unknown): string => {
  if (node === undefined || node === null) return '';
  if (typeof node === 'object') return text((node as XmlNode)['#text']);
  return String(node).trim();
};

/** An element that may repeat, as a list. */
export const list = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/**
 * A parser for one message type: namespace prefixes dropped, values kept as text, attributes as
 * `@_name`, and `arrays` always read as lists. Entities stay as written (no expansion, no external
 * reads): with DOCTYPE refused there is nothing to expand.
 */
export const xmlParser = (arrays: readonly string[]) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    trimValues: true,
    isArray: (name) => arrays.includes(name),
  });

/**
 * The file checked and parsed, or the refusal of the whole file in the caller's words:
 * `${unreadable}（须为UTF-8编码）`, `doctype`, or `${unreadable}（第n行：…）`.
 */
export function readXmlFile(bytes: Buffer, parser: XMLParser, messages: { unreadable: string; doctype: string }): { xml: string; root: XmlNode } | { problem: string } {
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: `${messages.unreadable}（须为UTF-8编码）` };
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { problem: messages.doctype };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { problem: `${messages.unreadable}（第${valid.err.line}行：${valid.err.msg}）` };
  return { xml, root: parser.parse(xml) as XmlNode };
}
