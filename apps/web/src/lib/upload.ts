import { portalCrypto } from '@portal/crypto';

/** A chosen file as an upload operation takes it (`uploadSchema` in `@portal/shared`): its name and base64 bytes. */
export interface UploadFile {
  fileName: string;
  content: string;
}

export const toUploadFile = (fileName: string, bytes: Uint8Array): UploadFile => ({ fileName, content: portalCrypto.toBase64(bytes) });
