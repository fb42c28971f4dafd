/** Printable ASCII (spec §5 "Secure password control"): space to tilde. */
export const isPrintableAscii = (code: number) => code >= 0x20 && code <= 0x7e;

/** What an edit did: changed the text (caret is where it now stands), or refused it and why. */
export type EditResult = { changed: true; caret: number } | { changed: false; reason: 'not-printable' | 'too-long' | 'not-allowed' };

/**
 * The typed password as ASCII bytes in a fixed array, never as a string: it can be wiped, and
 * only the control holds it. Edits arrive as the browser's `beforeinput` intentions (inputType,
 * data, selection), which the control cancels and applies here instead.
 */
export class SecretBuffer {
  readonly #bytes: Uint8Array;
  #length = 0;

  constructor(readonly capacity: number) {
    this.#bytes = new Uint8Array(capacity);
  }

  get length() {
    return this.#length;
  }

  /** The live bytes; callers copy what they need and never keep the view. */
  view(): Uint8Array {
    return this.#bytes.subarray(0, this.#length);
  }

  /** The text for a rule check; a short-lived string the caller does not keep. */
  reveal(): string {
    return String.fromCharCode(...this.view());
  }

  equals(other: SecretBuffer): boolean {
    return this.#length === other.#length && this.view().every((b, i) => b === other.#bytes[i]);
  }

  wipe() {
    this.#bytes.fill(0);
    this.#length = 0;
  }

  /** Applies one `beforeinput` intention over the selection [start, end). */
  edit(inputType: string, data: string | null, start: number, end: number): EditResult {
    const from = Math.max(0, Math.min(start, this.#length));
    const to = Math.max(from, Math.min(end, this.#length));
    const collapsed = from === to;
    switch (inputType) {
      case 'insertText':
      case 'insertReplacementText': {
        const text = data ?? '';
        const codes = Array.from(text, (ch) => ch.codePointAt(0) ?? 0);
        if (!codes.every(isPrintableAscii)) return { changed: false, reason: 'not-printable' };
        if (this.#length - (to - from) + codes.length > this.capacity) return { changed: false, reason: 'too-long' };
        this.#splice(from, to, codes);
        return { changed: true, caret: from + codes.length };
      }
      case 'deleteContentBackward':
        return this.#delete(collapsed ? Math.max(0, from - 1) : from, to);
      case 'deleteContentForward':
        return this.#delete(from, collapsed ? Math.min(this.#length, to + 1) : to);
      // A password has no visible words or lines: word and line deletions reach the end.
      case 'deleteWordBackward':
      case 'deleteSoftLineBackward':
      case 'deleteHardLineBackward':
        return this.#delete(collapsed ? 0 : from, to);
      case 'deleteWordForward':
      case 'deleteSoftLineForward':
      case 'deleteHardLineForward':
        return this.#delete(from, collapsed ? this.#length : to);
      // Paste, drop, cut, undo/redo, IME composition and line breaks are not allowed.
      default:
        return { changed: false, reason: 'not-allowed' };
    }
  }

  #delete(from: number, to: number): EditResult {
    if (from === to) return { changed: false, reason: 'not-allowed' };
    this.#splice(from, to, []);
    return { changed: true, caret: from };
  }

  #splice(from: number, to: number, codes: number[]) {
    const tail = this.#bytes.slice(to, this.#length);
    this.#bytes.set(codes, from);
    this.#bytes.set(tail, from + codes.length);
    tail.fill(0);
    const length = from + codes.length + (this.#length - to);
    this.#bytes.fill(0, length);
    this.#length = length;
  }
}
