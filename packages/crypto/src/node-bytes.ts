/** A plain Uint8Array for a Buffer, so callers never see Node's pooled slab behind `.buffer`. */
export const plain = (buf: Uint8Array): Uint8Array =>
  buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength ? new Uint8Array(buf.buffer) : new Uint8Array(buf);
