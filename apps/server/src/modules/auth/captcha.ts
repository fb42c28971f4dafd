import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH } from '@portal/shared';
import { sha256Hex } from '../../sha256';
import type { AppContext } from '../../app-context';

// No 0/O, 1/I/L, 2/Z, 5/S, 8/B: five characters a person reads right the first time.
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

const render = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;
/** The shared-store key of the captcha fetched with `rev` (tests of a production build read the answer there). */
export const captchaKey = (rev: string) => `captcha:${sha256Hex(rev)}`;

/**
 * Graphic captchas bound to the `rev` they were fetched with (the login sends it back as
 * lastRev). The answer is drawn with a CSPRNG and rendered as glyph outlines with noise lines,
 * so it is not in the SVG as text; it lives CAPTCHA_TTL_SECONDS (2 minutes) and is consumed by the
 * first attempt.
 */
export class Captchas {
  constructor(private readonly ctx: AppContext) {}

  async issue(rev: string): Promise<string> {
    const answer =
      this.ctx.config.TEST_CAPTCHA ?? Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    await this.ctx.kv.set(captchaKey(rev), answer.toUpperCase(), this.ctx.config.CAPTCHA_TTL_SECONDS * 1000);
    return render(answer, { width: 120, height: 40, fontSize: 44, noise: 4, color: true, background: '#f4f6fa' });
  }

  /** 'ok', 'wrong' or 'expired'; either way the captcha is gone. */
  async check(rev: string, answer: string): Promise<'ok' | 'wrong' | 'expired'> {
    const expected = await this.ctx.kv.take(captchaKey(rev));
    if (!expected) return 'expired';
    return expected === answer.trim().toUpperCase() ? 'ok' : 'wrong';
  }
}
