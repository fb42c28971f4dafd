import { accountsApi } from '@portal/shared';
import { http } from '../../../lib/http';
import type { AccountFilter } from './list-accounts';

/** `accountDownload`: the filtered account list as xlsx; resolves to the saved file's name. */
export const downloadAccounts = (filter: AccountFilter) => http.download(accountsApi.accountDownload, filter, '账户列表.xlsx');

/** `accountThirdDownload`: other enterprises' accounts this enterprise confirms as third-party institution. */
export const downloadThirdPartyAccounts = () => http.download(accountsApi.accountThirdDownload, undefined, '第三方监督账户.xlsx');
