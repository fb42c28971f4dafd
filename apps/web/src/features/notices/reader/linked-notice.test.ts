import { describe, expect, it } from 'vitest';
import { linkedNoticeId } from './linked-notice';

describe('the notice a 消息中心 link opens', () => {
  it('reads a positive id and nothing else', () => {
    expect(linkedNoticeId(new URLSearchParams('notice=12'))).toBe(12);
    for (const bad of ['', 'notice=', 'notice=0', 'notice=-3', 'notice=1.5', 'notice=abc', 'notice=99999999999999999999']) expect(linkedNoticeId(new URLSearchParams(bad))).toBeNull();
  });
});
