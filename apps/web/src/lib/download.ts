/**
 * Blob downloads (spec §7 "Downloads returned as blob", §8 messages, §9 downloadable types).
 * The HTTP client hands over its response; nothing here talks to the network.
 */

export const DOWNLOADABLE_EXTENSIONS = ['pdf', 'xls', 'xlsx', 'doc', 'docx', 'ppt', 'pptx', 'zip', 'tar'] as const;

/** Spec §8 "Blob errors": the answer is not a file we may save. */
export const BLOB_ERROR_MESSAGE = '文件下载失败！';
/** Spec §8 "Download failure": the request itself failed. */
export const DOWNLOAD_FAILURE_MESSAGE = '下载异常，请联系管理员！';

/** Carries one of the two spec messages, ready to show as it is. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** What a fetch `Response` offers; the HTTP client may pass its response as it is. */
export interface BlobResponse {
  ok: boolean;
  headers: Headers;
  blob(): Promise<Blob>;
}

/** A body already read, with the headers it came with. */
export interface ReceivedBlob {
  blob: Blob;
  headers: Headers;
}

export type DownloadSource = BlobResponse | ReceivedBlob;

export interface ResolvedDownload {
  blob: Blob;
  fileName: string;
}

const isReceived = (source: DownloadSource): source is ReceivedBlob => source.blob instanceof Blob;

/** `a; b="x;y"; c*=UTF-8''%E4`: name and raw value of each parameter, quoted strings kept whole. */
const PARAMETER = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2
    ? trimmed.slice(1, -1).replace(/\\(.)/g, '$1')
    : trimmed;
}

/** Percent-decoded bytes of `text`, or null if an escape is malformed. */
function percentBytes(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(hex)) return null;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      const code = text.charCodeAt(i);
      if (code > 0xff) return null;
      bytes.push(code);
    }
  }
  return Uint8Array.from(bytes);
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** RFC 5987 ext-value `charset'language'pct-encoded`; UTF-8 and ISO-8859-1 are the two charsets it defines. */
function decodeExtValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(unquote(value));
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  const bytes = percentBytes(encoded);
  if (!bytes) return null;
  switch (charset.toLowerCase()) {
    case 'utf-8':
      return decodeUtf8(bytes);
    case 'iso-8859-1':
      return String.fromCharCode(...bytes);
    default:
      return null;
  }
}

/**
 * A plain `filename` as servers really send it: Java back ends often percent-encode UTF-8
 * there (URLEncoder), and raw UTF-8 bytes reach script as one Latin-1 character per byte
 * (Headers are ByteStrings). Both are turned back into the name; anything else stays as sent.
 */
function repairPlainName(name: string): string {
  if (/%[0-9a-f]{2}/i.test(name)) {
    const bytes = percentBytes(name);
    const decoded = bytes && decodeUtf8(bytes);
    if (decoded) return decoded;
  }
  const codes = Array.from(name, (c) => c.charCodeAt(0));
  if (codes.some((c) => c >= 0x80) && codes.every((c) => c <= 0xff)) {
    const decoded = decodeUtf8(Uint8Array.from(codes));
    if (decoded) return decoded;
  }
  return name;
}

/** Only the last path segment, without control characters: the name must not steer where the file goes. */
function safeFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;
  const cleaned = Array.from(base)
    .filter((c) => !isControl(c))
    .join('')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (RFC 5987, e.g.
 * `UTF-8''%E6%89%98%E7%AE%A1.pdf`) wins over `filename`, as §4.3 says; null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let plain: string | null = null;
  let extended: string | null = null;
  for (const [, rawName = '', rawValue = ''] of header.matchAll(PARAMETER)) {
    const name = rawName.toLowerCase();
    if (name === 'filename*' && extended === null) extended = decodeExtValue(rawValue);
    else if (name === 'filename' && plain === null) plain = repairPlainName(unquote(rawValue));
  }
  const chosen = extended ?? plain;
  return chosen === null ? null : safeFileName(chosen);
}

/**
 * Only these types may be saved, judged by the name's extension: spec §9's, or the ones a
 * download's contract declares (`fileTypes`: an instruction's pdf/jpg/png attachments).
 */
export function isDownloadable(fileName: string, extensions: readonly string[] = DOWNLOADABLE_EXTENSIONS): boolean {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return extensions.includes(extension);
}

/** A JSON body where a file was expected is the server's error envelope, not a file. */
function isJson(blob: Blob, headers: Headers): boolean {
  const type = blob.type || headers.get('content-type') || '';
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

/**
 * Checks a blob answer and names it: a failed request gives DOWNLOAD_FAILURE_MESSAGE; an error
 * envelope, an empty body, no file name or a type outside `extensions` (spec §9's unless the
 * contract names its own) give BLOB_ERROR_MESSAGE. `fallbackName` is used when the server sends
 * no `Content-Disposition` name.
 */
export async function resolveDownload(source: DownloadSource, fallbackName?: string, extensions?: readonly string[]): Promise<ResolvedDownload> {
  let blob: Blob;
  if (isReceived(source)) {
    blob = source.blob;
  } else {
    if (!source.ok) throw new DownloadError(DOWNLOAD_FAILURE_MESSAGE);
    try {
      blob = await source.blob();
    } catch {
      throw new DownloadError(DOWNLOAD_FAILURE_MESSAGE);
    }
  }
  const { headers } = source;
  if (blob.size === 0 || isJson(blob, headers)) throw new DownloadError(BLOB_ERROR_MESSAGE);
  const fileName =
    fileNameFromContentDisposition(headers.get('content-disposition')) ?? (fallbackName ? safeFileName(fallbackName) : null);
  if (!fileName || !isDownloadable(fileName, extensions)) throw new DownloadError(BLOB_ERROR_MESSAGE);
  return { blob, fileName };
}

/** How long the object URL outlives the click: the browser may still be reading the blob when click() returns. */
const REVOKE_AFTER_MS = 60_000;

/** Hands a blob to the browser's download manager under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Checks, names and saves a blob download; resolves to the saved file name. Rejects with a
 * DownloadError whose message is the spec text to show (the caller shows it: this module has
 * no UI of its own).
 */
export async function downloadBlob(source: DownloadSource, fallbackName?: string, extensions?: readonly string[]): Promise<string> {
  const { blob, fileName } = await resolveDownload(source, fallbackName, extensions);
  saveBlob(blob, fileName);
  return fileName;
}
