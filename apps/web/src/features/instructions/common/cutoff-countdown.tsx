import { CUTOFF_MISSED_LABEL, CUTOFF_WARNING_MINUTES, cutoffOutlook, stepsLine, type InstructionRecord } from '@portal/shared';
import { Countdown } from '../../../components/countdown';
import { useServerNow } from '../../../lib/server-clock';
import styles from './instructions.module.css';

type Judged = Pick<InstructionRecord, 'status' | 'thirdPartyEnterpriseNo' | 'cutoffAt' | 'expired'>;

/**
 * "Will this make today?": the time left to the instruction's cut-off, ticking on the server's
 * clock, and who still has to act (rules/cutoff-countdown.ts); 已过截止 and the maker's way out
 * once it has passed. Nothing once the cut-off no longer matters, or the value date has passed
 * (已过期 says so).
 */
export function CutoffCountdown({ record }: { record: Judged }) {
  const outlook = cutoffOutlook(record, useServerNow());
  if (outlook.state === null || record.expired) return <span className={styles.noCutoff}>—</span>;
  return (
    <div className={styles.countdown} data-testid="cutoff-countdown">
      <Countdown until={Date.parse(record.cutoffAt)} overText={CUTOFF_MISSED_LABEL} warnWithinMs={CUTOFF_WARNING_MINUTES * 60_000} />
      {/* Plain text, not a Typography: a phone's summary cell reads its one Typography as the payee. */}
      <span className={styles.steps} data-testid="remaining-steps">
        尚需：{stepsLine(outlook)}
      </span>
    </div>
  );
}
