import { portalCrypto } from '@portal/crypto';
import { CONTROL_MESSAGES } from '@portal/shared';
import { sessionKey } from '../../lib/http';
import { controlProblem, type ControlRules } from './control-rules';
import type { SecretBuffer } from './secret-buffer';

/** What the control yields for one server random (docs/wire.md "Password fields"). */
export interface SealedPassword {
  zctgPassword: string;
  randomClient: string;
}

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The UTF-8 JSON `{"password":P,"random":R,"randomClient":C}` written byte by byte from the
 * password's bytes, so that no string of the password is made; the caller wipes the result.
 * The password is printable ASCII, where JSON escapes only `"` and `\`.
 */
export function passwordEnvelopeBytes(password: Uint8Array, random: string, randomClient: string): Uint8Array {
  const head = ascii('{"password":"');
  const tail = ascii(`","random":${JSON.stringify(random)},"randomClient":${JSON.stringify(randomClient)}}`);
  const escapes = password.reduce((n, b) => n + (b === QUOTE || b === BACKSLASH ? 1 : 0), 0);
  const out = new Uint8Array(head.length + password.length + escapes + tail.length);
  out.set(head);
  let at = head.length;
  for (const b of password) {
    if (b === QUOTE || b === BACKSLASH) out[at++] = BACKSLASH;
    out[at++] = b;
  }
  out.set(tail, at);
  return out;
}

/**
 * A password control's value as a form sees it: how long it is, whether it keeps the rules,
 * whether it equals another control's, and its encryption. The text itself is not exposed; the
 * entry reads the control's live buffer, which is wiped when the control unmounts.
 */
export class PasswordEntry {
  readonly #buffer: SecretBuffer;
  readonly #rules: ControlRules;
  readonly #placeholder: string | undefined;
  readonly #refusedInput: boolean;

  constructor(buffer: SecretBuffer, rules: ControlRules, placeholder: string | undefined, refusedInput: boolean) {
    this.#buffer = buffer;
    this.#rules = rules;
    this.#placeholder = placeholder;
    this.#refusedInput = refusedInput;
  }

  get length(): number {
    return this.#buffer.length;
  }

  /** Right after a refused keystroke, why it was refused (printable ASCII only); otherwise null. */
  get refusal(): string | null {
    return this.#refusedInput ? CONTROL_MESSAGES.printable : null;
  }

  /** The first broken rule's message, or null. */
  get problem(): string | null {
    return controlProblem(this.#buffer.reveal(), this.#rules, this.#placeholder);
  }

  sameAs(other: PasswordEntry | undefined): boolean {
    return other !== undefined && this.#buffer.equals(other.#buffer);
  }

  /** `zctgPassword` for a server random, under a fresh client random. */
  async seal(serverRandom: string): Promise<SealedPassword> {
    const randomClient = portalCrypto.randomHex(16);
    const { asym, publicKey } = await sessionKey();
    const plain = passwordEnvelopeBytes(this.#buffer.view(), serverRandom, randomClient);
    try {
      return { zctgPassword: await portalCrypto.asymEncrypt(asym, publicKey, plain), randomClient };
    } finally {
      plain.fill(0);
    }
  }
}
