import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownMessage } from './countdown-message';

describe('countdownMessage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the seconds left, ticks once a second and closes when they run out', () => {
    const open = vi.fn();
    const destroy = vi.fn();
    countdownMessage({ open, destroy } as never, 'error', '认证失败，请重新登录！', 5);
    const shown = () => open.mock.calls.map(([config]) => renderToStaticMarkup((config as { content: ReactElement }).content).replace(/<[^>]+>/g, ''));
    expect(shown()).toEqual(['认证失败，请重新登录！（5秒后关闭）']);
    expect(open.mock.calls[0]![0]).toMatchObject({ type: 'error', duration: 0 });
    vi.advanceTimersByTime(1000);
    expect(shown().at(-1)).toBe('认证失败，请重新登录！（4秒后关闭）');
    vi.advanceTimersByTime(3000);
    expect(shown().at(-1)).toBe('认证失败，请重新登录！（1秒后关闭）');
    expect(destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(destroy).toHaveBeenCalledWith(open.mock.calls[0]![0].key);
    expect(open).toHaveBeenCalledTimes(5);
  });
});
