import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownMessage, portalMessage } from './countdown-message';

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

describe('portalMessage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts every auto-closing message down, three seconds unless told, and turns a progress message into its result under one key', () => {
    const open = vi.fn();
    const destroy = vi.fn();
    const message = portalMessage({ open, destroy } as never);
    message.success('解锁成功');
    expect(open.mock.calls[0]![0]).toMatchObject({ type: 'success', duration: 0 });
    vi.advanceTimersByTime(3000);
    expect(destroy).toHaveBeenCalledWith(open.mock.calls[0]![0].key);

    message.loading({ key: 'download', content: '正在生成指令列表，请稍候…' });
    expect(open.mock.calls.at(-1)![0]).toEqual({ key: 'download', type: 'loading', content: '正在生成指令列表，请稍候…', duration: 0 });
    vi.advanceTimersByTime(10_000);
    expect(destroy).toHaveBeenCalledTimes(1);
    message.warning({ key: 'download', content: '已下载：指令列表.xlsx' }, 2);
    expect(open.mock.calls.at(-1)![0]).toMatchObject({ key: 'download', type: 'warning', duration: 0 });
    vi.advanceTimersByTime(2000);
    expect(destroy).toHaveBeenLastCalledWith('download');
  });
});
