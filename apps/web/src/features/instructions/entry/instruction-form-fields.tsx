import { useQuery } from '@tanstack/react-query';
import {
  accountLabel,
  amountToChinese,
  CODE_TABLES,
  CUTOFF_MISSED_LABEL,
  CUTOFF_WARNING_MINUTES,
  deadlineOf,
  defaultValueDateOf,
  formatCutoff,
  instructionsApi,
  type CustodyDay,
  type InstructionRecord,
  type PayerAccount,
  type TemplateField,
  type TemplateRecord,
} from '@portal/shared';
import type { FormInstance, FormRule } from 'antd';
import { Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { Countdown } from '../../../components/countdown';
import { contractFields, type FormField, type FormValues } from '../../../components/form-builder';
import { beforeBeijingToday } from '../../../lib/beijing-day';
import { useCustodyDay } from '../api/custody-day';
import { payerAccountsQuery } from '../api/payer-accounts';
import { PayerFacts, PayerOption } from './payer-facts';
import styles from './payer-facts.module.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The contract's check of the payee account against the currency's route, at the payee account field. */
const payeeAccountByRoute: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const problem = typeof value === 'string' && value.trim() !== '' ? instructionsApi.payeeAccountProblem(value, String(getFieldValue('currency') ?? 'CNY')) : null;
    if (problem) throw new Error(problem);
  },
});

/** What the entry form shows beside its values: the payer accounts for the value date entered, the chosen one, the amount. */
export interface EntryFacts {
  amount: string | undefined;
  /** The payer accounts and the value date their daily use is for. */
  payers: { valueDate: string; accounts: PayerAccount[] } | undefined;
  account: PayerAccount | undefined;
  /** The server's day: its instant, the calendar and the cut-offs. */
  custody: CustodyDay | undefined;
  type: string | undefined;
  currency: string | undefined;
  valueDate: string | undefined;
}

/**
 * Watches the entry form: the payer account and value date load the account's facts; another
 * currency judges the payee account again; a new instruction's value date follows its type and
 * currency's cut-off (today before it, the next business day after it) until the maker picks one.
 */
export function useEntryFacts(form: FormInstance<FormValues>, fresh: boolean): EntryFacts {
  const payerAccountNo = Form.useWatch('payerAccountNo', form) as string | undefined;
  const amount = Form.useWatch('amount', form) as string | undefined;
  const watchedDate = Form.useWatch('valueDate', form) as string | undefined;
  const currency = Form.useWatch('currency', form) as string | undefined;
  const type = Form.useWatch('type', form) as string | undefined;
  const custody = useCustodyDay();
  useEffect(() => {
    if (fresh && custody && type && currency && !form.isFieldTouched('valueDate')) form.setFieldValue('valueDate', defaultValueDateOf(custody, type, currency));
  }, [fresh, custody, type, currency, form]);
  // Another currency takes other payee account numbers: judge the one entered again.
  useEffect(() => {
    if (currency && form.isFieldTouched('payeeAccountNo')) void form.validateFields(['payeeAccountNo']).catch(() => undefined);
  }, [currency, form]);
  const valueDate = watchedDate && DATE.test(watchedDate) ? watchedDate : undefined;
  const payers = useQuery(payerAccountsQuery(valueDate)).data;
  const account = payers?.accounts.find((a) => a.accountNo === payerAccountNo);
  return { amount, payers, account, custody, type, currency, valueDate };
}

/** Under the value date: by when that date's instruction must be through, or why the date cannot be taken. */
function valueDateNote({ custody, type, currency, valueDate }: EntryFacts): string | undefined {
  if (!custody || !type || !currency || !valueDate) return undefined;
  if (!custody.calendar.isBusinessDay(valueDate)) return '非工作日，请选择工作日';
  const deadline = deadlineOf(custody, { type, currency, valueDate });
  if (custody.now >= deadline) return `截止时间 ${formatCutoff(deadline)} 已过，请选择 ${defaultValueDateOf(custody, type, currency)} 或之后的工作日`;
  return `须在 ${formatCutoff(deadline)}（北京时间）前完成托管行审核`;
}

/** Beside the note, while the value date's cut-off is ahead: the time left, ticking on the server's clock. */
function ValueDateCountdown({ facts: { custody, type, currency, valueDate } }: { facts: EntryFacts }) {
  if (!custody || !type || !currency || !valueDate || !custody.calendar.isBusinessDay(valueDate)) return null;
  const deadline = deadlineOf(custody, { type, currency, valueDate });
  if (custody.now >= deadline) return null;
  return (
    <span className={styles.entryCountdown}>
      <Countdown until={deadline} overText={CUTOFF_MISSED_LABEL} warnWithinMs={CUTOFF_WARNING_MINUTES * 60_000} />
    </span>
  );
}

/** The entry form's fields, their rules the contract's; the payer account shows its facts, the amount its Chinese words. */
export function useInstructionFields(facts: EntryFacts, record?: InstructionRecord): FormField[] {
  const { amount, payers, account, custody } = facts;
  const accounts = payers?.accounts;
  const chinese = useMemo(() => {
    try {
      return amount ? amountToChinese(amount) : '';
    } catch {
      return '';
    }
  }, [amount]);

  return contractFields(instructionsApi.instructionFields, [
    {
      name: 'payerAccountNo',
      type: 'select',
      label: '付款账户',
      span: 24,
      options: (accounts ?? []).map((a) => ({ key: a.accountNo, value: accountLabel(a.accountNo, a.alias || a.accountName) })),
      renderOption: (key) => {
        const a = accounts?.find((x) => x.accountNo === key);
        return a ? <PayerOption account={a} /> : String(key);
      },
      placeholder: accounts?.length === 0 ? '暂无可录入指令的账户' : undefined,
      extra: account && payers && <PayerFacts account={account} valueDate={payers.valueDate} amount={amount} stored={record} />,
    },
    { name: 'type', type: 'select', dict: 'instructionType', label: '指令类型' },
    {
      name: 'amount',
      type: 'amount',
      label: '金额',
      maxLength: 21,
      extra: <span aria-label="大写金额">{chinese ? `大写：${chinese}` : ' '}</span>,
    },
    { name: 'currency', type: 'select', label: '币种', options: Object.entries(CODE_TABLES.currencyName).map(([key, value]) => ({ key, value })) },
    { name: 'payeeName', type: 'text', label: '收款人名称', maxLength: 100 },
    { name: 'payeeAccountNo', type: 'text', label: '收款账号', maxLength: 34, rules: [payeeAccountByRoute] },
    { name: 'payeeBank', type: 'text', label: '收款行名称', maxLength: 100 },
    { name: 'payeeCnaps', type: 'text', label: '大额支付行号', maxLength: 12 },
    // The server refuses a value date before today or on a day off: the calendar greys those days.
    {
      name: 'valueDate',
      type: 'date',
      label: '起息日',
      disabledDate: (day) => (custody ? day.format('YYYY-MM-DD') < custody.today || !custody.calendar.isBusinessDay(day.format('YYYY-MM-DD')) : beforeBeijingToday(day)),
      extra: (
        <>
          <span aria-label="截止时间">{valueDateNote(facts) ?? ' '}</span>
          <ValueDateCountdown facts={facts} />
        </>
      ),
    },
    { name: 'purpose', type: 'text', label: '用途', maxLength: instructionsApi.PURPOSE_MAX },
    { name: 'remark', type: 'textarea', label: '备注', maxLength: instructionsApi.REMARK_MAX },
  ]);
}

/** The entry inputs each lockable template field stands for. */
const LOCKED_INPUTS: Record<TemplateField, readonly string[]> = {
  type: ['type'],
  payerAccountNo: ['payerAccountNo'],
  payee: ['payeeName', 'payeeAccountNo', 'payeeBank', 'payeeCnaps'],
  purpose: ['purpose'],
};

/** The fields with those a template locks disabled (the server refuses a change to them anyway). */
export function lockedBy(fields: FormField[], locked: readonly TemplateField[] = []): FormField[] {
  const names = new Set(locked.flatMap((f) => LOCKED_INPUTS[f]));
  return fields.map((f) => (names.has(f.name) ? { ...f, disabled: true } : f));
}

/** The form's first values: the instruction being edited, else the template's, else a CNY instruction of the first type. */
export const initialValuesOf = (record: InstructionRecord | undefined, template?: TemplateRecord): FormValues =>
  !record && template
    ? {
        type: template.type,
        payerAccountNo: template.payerAccountNo,
        currency: 'CNY',
        payeeName: template.payeeName,
        payeeAccountNo: template.payeeAccountNo,
        payeeBank: template.payeeBank,
        payeeCnaps: template.payeeCnaps,
        purpose: template.purpose,
      }
    : record
    ? {
        type: record.type,
        payerAccountNo: record.payerAccountNo,
        amount: record.amount,
        currency: record.currency,
        payeeName: record.payeeName,
        payeeAccountNo: record.payeeAccountNo,
        payeeBank: record.payeeBank,
        payeeCnaps: record.payeeCnaps,
        valueDate: record.valueDate,
        purpose: record.purpose,
        remark: record.remark,
      }
    : { currency: 'CNY', type: '01' };
