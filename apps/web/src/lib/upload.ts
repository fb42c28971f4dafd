import { portalCrypto } from '@portal/crypto';

/** A chosen file as an upload operation takes it (`uploadSchema` in `@portal/shared`): its name and base64 bytes. */
export interface UploadFile {
  fileName: string;
  content: string;
}

export async function toUploadFile(file: Blob & { name: string }): Promise<UploadFile> {
  return { fileName: file.name, content: portalCrypto.toBase64(new Uint8Array(await file.arrayBuffer())) };
}
