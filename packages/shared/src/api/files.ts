import { z } from 'zod';
import { defineOperation } from './operation';

/** How long a download ticket lives: the client fetches the file right after the call. */
export const FILE_TICKET_TTL_MS = 60_000;

const MAGIC: Record<string, readonly number[] | 'text'> = {
  xlsx: [0x50, 0x4b, 0x03, 0x04],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  png: [0x89, 0x50, 0x4e, 0x47],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  gif: [0x47, 0x49, 0x46, 0x38],
  csv: 'text',
  xml: 'text',
};
export type UploadExtension = keyof typeof MAGIC;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes a base64 text decodes to, without decoding it. */
export function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

const extensionOf = (fileName: string) => fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();

/** The first bytes match what the extension promises (a renamed .exe is not a .xlsx). */
function contentMatches(extension: string, base64: string): boolean {
  const magic = MAGIC[extension];
  if (!magic) return false;
  let head: string;
  try {
    head = atob(base64.slice(0, 1368));
  } catch {
    return false; // not base64: the content's own rule says so
  }
  if (magic === 'text') return !head.includes('\0');
  return magic.every((byte, i) => head.charCodeAt(i) === byte);
}

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${+(bytes / 1_048_576).toFixed(1)}MB` : `${Math.ceil(bytes / 1024)}KB`);

interface UploadOptions {
  maxBytes: number;
  extensions: readonly UploadExtension[];
  extensionMessage?: string;
}

const extensionMessageOf = (options: UploadOptions) => options.extensionMessage ?? `仅支持上传${options.extensions.join('、')}格式的文件`;
const sizeMessageOf = (options: UploadOptions) => `文件不能超过${sizeText(options.maxBytes)}`;

/**
 * What refuses a chosen file by its name and size, with the messages of `uploadSchema`, or
 * null: the browser asks before reading the file; the content is the server's to judge.
 */
export function uploadProblem(options: UploadOptions, file: { name: string; size: number }): string | null {
  if (!(options.extensions as readonly string[]).includes(extensionOf(file.name))) return extensionMessageOf(options);
  if (file.size > options.maxBytes) return sizeMessageOf(options);
  return null;
}

/**
 * An uploaded file as an upload operation receives it: name and base64 content in the JSON
 * body, which the envelope seals on an encrypted path like any other body.
 */
export function uploadSchema(options: UploadOptions) {
  return z
    .object({
      fileName: z
        .string()
        .trim()
        .min(1, '请选择要上传的文件')
        .max(200, '文件名不能超过200个字符')
        .regex(/^[^\\/:*?"<>|\p{Cc}\p{Cf}]+$/u, '文件名不能包含特殊字符')
        .refine((name) => (options.extensions as readonly string[]).includes(extensionOf(name)), extensionMessageOf(options)),
      content: z
        .string()
        .min(1, '文件内容为空')
        .regex(BASE64, '文件内容格式不正确')
        .refine((c) => c.length % 4 === 0, '文件内容格式不正确')
        .refine((c) => base64Size(c) <= options.maxBytes, sizeMessageOf(options)),
    })
    .refine((f) => contentMatches(extensionOf(f.fileName), f.content), { message: '文件内容与扩展名不符', path: ['content'] });
}

/** What a download on an encrypted path answers: the file itself comes from `fileDownload`. */
export const downloadTicketSchema = z.object({ ticket: z.string(), fileName: z.string() });

/**
 * Streams a file a download operation on an encrypted path prepared: single use, bound to the
 * session that asked, gone after a minute.
 */
export const fileDownload = defineOperation({
  id: 'FILE_DOWNLOAD',
  pinned: ['plaintext'],
  name: '文件下载（凭下载票据）',
  category: '认证与基础',
  serviceId: 'zctg-auth',
  method: 'GET',
  path: '/file/download',
  audience: ['customer', 'staff', 'partner'],
  kind: 'download',
  request: z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/, '下载票据无效或已过期') }),
});
