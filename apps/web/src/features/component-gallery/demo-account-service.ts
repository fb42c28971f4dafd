import type { FetchPage, PageParams } from '../../components/data-table';
import { custodyAccounts, type CustodyAccount } from './demo-data';

/** How the simulated list call answers: normally, with nothing, or failing. */
export type ServiceMode = 'normal' | 'empty' | 'error';

/** Long enough for the loading state to be seen, short enough not to annoy. */
const LATENCY_MS = 400;

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

const contains = (value: string, criterion: unknown) => typeof criterion !== 'string' || value.includes(criterion);
const equals = (value: string, criterion: unknown) => criterion === undefined || value === criterion;
function within(date: string, range: unknown) {
  if (!Array.isArray(range)) return true;
  const [from, to] = range as string[];
  return (!from || date >= from) && (!to || date <= to);
}

const matches = (account: CustodyAccount, criteria: PageParams) =>
  contains(account.accountNo, criteria.accountNo) &&
  contains(account.accountName, criteria.accountName) &&
  equals(account.status, criteria.status) &&
  equals(account.currency, criteria.currency) &&
  within(account.openDate, criteria.openDate);

/** An in-memory stand-in for the account list call, with the writes the row actions make. */
export function createAccountService() {
  let accounts = custodyAccounts();
  return {
    fetchPage(mode: ServiceMode): FetchPage<CustodyAccount> {
      return async (params, signal) => {
        await delay(LATENCY_MS, signal);
        if (mode === 'error') throw new Error('服务访问异常');
        const found = mode === 'empty' ? [] : accounts.filter((account) => matches(account, params));
        const start = (params.page - 1) * params.limit;
        return { records: found.slice(start, start + params.limit), total: found.length };
      };
    },
    setStatus(accountNo: string, status: string) {
      accounts = accounts.map((a) => (a.accountNo === accountNo ? { ...a, status } : a));
    },
    remove(accountNo: string) {
      accounts = accounts.filter((a) => a.accountNo !== accountNo);
    },
    add(rows: CustodyAccount[]) {
      accounts = [...rows, ...accounts];
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
