import { CODE_TABLES, warningsApi, type WarningKind } from '@portal/shared';
import { contractFields, type FormField, type OptionItem } from '../../components/form-builder';

const optionsOf = (table: Readonly<Record<string, string>>): OptionItem[] => Object.entries(table).map(([key, value]) => ({ key, value }));

/** The query form of a kind's list (account, the kind's date from and to, status), checked by the contract's own rules. */
export function warningQueryFields(kind: WarningKind, dateLabel: string): FormField[] {
  return contractFields(warningsApi.warningFilterFields, [
    { name: 'accountNo', type: 'text', label: '账号' },
    { name: 'dateFrom', type: 'date', label: `${dateLabel}自` },
    { name: 'dateTo', type: 'date', label: `${dateLabel}至` },
    { name: 'status', type: 'select', label: '状态', options: optionsOf(kind === 'newSharePayment' ? CODE_TABLES.sharePaymentStatus : CODE_TABLES.warningStatus) },
  ]);
}
