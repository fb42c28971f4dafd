import type { ReportAccount } from '@portal/shared';

/** The account choice of a report dialog: name and number, searchable by either. */
export const accountOptions = (accounts: readonly ReportAccount[]) => accounts.map((a) => ({ value: a.accountNo, label: `${a.accountName}（${a.accountNo}）` }));

/** What the dialog sends: the chosen accounts, or nothing for all of them. */
export const chosenAccounts = (chosen: readonly string[] | undefined) => (chosen?.length ? { accountNos: [...chosen] } : {});
