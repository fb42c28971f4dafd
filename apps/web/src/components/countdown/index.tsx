import { Tag } from 'antd';
import { formatTimeLeft } from '@portal/shared';
import { useServerNow } from '../../lib/server-clock';
import styles from './countdown.module.css';

interface CountdownProps {
  /** The instant (epoch ms, the server's clock) counted down to. */
  until: number;
  /** Said once it has passed (已过截止). */
  overText: string;
  /** Within this long, shown as a warning. */
  warnWithinMs: number;
}

/**
 * The time left to an instant on the server's clock (lib/server-clock.ts), ticking by the second
 * with every other countdown on the page; `overText` once it has passed.
 */
export function Countdown({ until, overText, warnWithinMs }: CountdownProps) {
  const left = until - useServerNow();
  if (left <= 0)
    return (
      <Tag color="error" className={styles.over} data-testid="countdown" data-over>
        {overText}
      </Tag>
    );
  return (
    <span role="timer" className={left <= warnWithinMs ? styles.warn : styles.left} data-testid="countdown">
      剩余 {formatTimeLeft(left)}
    </span>
  );
}
