import { CALENDAR_DAY_KINDS, type BusinessCalendar } from '@portal/shared';
import styles from './calendar.module.css';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const pad = (n: number) => String(n).padStart(2, '0');

/** How a day reads: its mark, else the week's rule. */
export function dayLabel(calendar: BusinessCalendar, date: string): string {
  const marked = calendar.dayOf(date);
  if (marked) return `${CALENDAR_DAY_KINDS[marked.kind]}：${marked.name}`;
  return calendar.isBusinessDay(date) ? '工作日' : '周末';
}

function dayClass(calendar: BusinessCalendar, date: string, today: string) {
  const kind = calendar.dayOf(date)?.kind;
  const names = [styles.day, kind ? styles[kind] : calendar.isBusinessDay(date) ? '' : styles.closed];
  if (date === today) names.push(styles.today);
  return names.filter(Boolean).join(' ');
}

/** One year as twelve month grids (Monday first); a day is a button that opens its settings. */
export function YearGrid({ year, calendar, today, onPick }: { year: number; calendar: BusinessCalendar; today: string; onPick: (date: string) => void }) {
  return (
    <div className={styles.months}>
      {Array.from({ length: 12 }, (_, m) => {
        const first = new Date(Date.UTC(year, m, 1));
        const length = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
        const offset = (first.getUTCDay() + 6) % 7;
        return (
          <section key={m} className={styles.month} aria-label={`${year}年${m + 1}月`}>
            <h3>{m + 1}月</h3>
            <div className={styles.grid}>
              {WEEKDAYS.map((w) => (
                <span key={w} className={styles.weekday} aria-hidden>
                  {w}
                </span>
              ))}
              {Array.from({ length: offset }, (_, i) => (
                <span key={`blank-${i}`} />
              ))}
              {Array.from({ length }, (_, d) => {
                const date = `${year}-${pad(m + 1)}-${pad(d + 1)}`;
                const label = dayLabel(calendar, date);
                return (
                  <button key={date} type="button" className={dayClass(calendar, date, today)} title={`${date} ${label}`} aria-label={`${date} ${label}`} onClick={() => onPick(date)}>
                    {d + 1}
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
