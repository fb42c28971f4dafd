import { CUTOFF_MISSED_LABEL, EXPIRED_LABEL, formatMoney, INSTRUCTION_STATUS, type InstructionRecord, type InstructionStatus } from '@portal/shared';
import { Tag } from 'antd';
import styles from './instructions.module.css';

/** Spec §3: an empty value shows '暂无'. */
export const textOrEmpty = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '暂无');

/** An amount with its currency symbol, thousands separators and 2 decimals. */
export const moneyOf = (amount: string | null, currency: string) =>
  amount === null || amount === '' ? '暂无' : formatMoney(amount, currency);

/** An amount is one token: on a narrow screen it moves to the next line whole, never breaks inside. */
export const Amount = ({ amount, currency }: { amount: string | null; currency: string }) => (
  <span className={styles.amount} data-amount>
    {moneyOf(amount, currency)}
  </span>
);

const COLOURS: Partial<Record<InstructionStatus, string>> = {
  '00': 'default',
  '10': 'processing',
  '20': 'processing',
  '30': 'processing',
  '40': 'processing',
  '50': 'cyan',
  '60': 'success',
  '90': 'default',
};

/** The status tag; 已过期 and then 已过截止 (judged by the server) in red over it, refusals in orange. */
export function StatusTag({ record }: { record: Pick<InstructionRecord, 'status' | 'expired' | 'cutoffState'> }) {
  if (record.expired) return <Tag color="error">{EXPIRED_LABEL}</Tag>;
  if (record.cutoffState === 'missed') return <Tag color="error">{CUTOFF_MISSED_LABEL}</Tag>;
  const status = record.status as InstructionStatus;
  return <Tag color={COLOURS[status] ?? 'warning'}>{INSTRUCTION_STATUS[status] ?? record.status}</Tag>;
}
