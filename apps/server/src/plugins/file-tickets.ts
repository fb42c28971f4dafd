import { randomBytes } from 'node:crypto';
import { FILE_TICKET_TTL_MS } from '@portal/shared';
import type { KvStore } from '../kv/kv-store';

/** A file an operation produced. */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  body: Buffer;
}

interface Stored {
  tokenHash: string;
  fileName: string;
  contentType: string;
  content: string;
}

/**
 * Downloads on an encrypted path: the file waits in the shared store (so any instance can
 * hand it out) under a random ticket, for one fetch by the session that asked, for a minute.
 */
export function fileTickets(kv: KvStore) {
  return {
    async issue(file: FileAnswer, tokenHash: string): Promise<string> {
      const ticket = randomBytes(32).toString('base64url');
      const stored: Stored = { tokenHash, fileName: file.fileName, contentType: file.contentType, content: file.body.toString('base64') };
      await kv.set(`file:${ticket}`, JSON.stringify(stored), FILE_TICKET_TTL_MS);
      return ticket;
    },
    /** The file, once; null when unknown, spent, expired or another session's. */
    async take(ticket: string, tokenHash: string): Promise<FileAnswer | null> {
      // Another session's attempt leaves the ticket to its owner; the take itself is atomic.
      const peek = await kv.get(`file:${ticket}`);
      if (!peek || (JSON.parse(peek) as Stored).tokenHash !== tokenHash) return null;
      const text = await kv.take(`file:${ticket}`);
      if (!text) return null;
      const stored = JSON.parse(text) as Stored;
      return { fileName: stored.fileName, contentType: stored.contentType, body: Buffer.from(stored.content, 'base64') };
    },
  };
}

/** RFC 6266: an ASCII fallback and the UTF-8 name, so Chinese file names survive every browser. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
