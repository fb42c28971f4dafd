import { DEMO_ACCOUNTS, DEMO_RIGHTS, generateAccounts, generateEbank, prng } from '../../apps/server/src/seed/accounts-data';
import { ENTERPRISES } from '../../apps/server/src/seed/demo-data';

// The demo register of an enterprise as the seed draws it (same generator, same seed), so each
// test can take accounts of its own that the seed leaves in a known state, whatever ran before.

export interface SeededAccount {
  accountNo: string;
  accountName: string;
  status: string;
  added: boolean;
  thirdParty: string | null;
}

export function seededAccounts(enterpriseNo: string): SeededAccount[] {
  const plan = DEMO_ACCOUNTS.find((p) => p.enterprise_no === enterpriseNo)!;
  const enterprise = ENTERPRISES.find((e) => e.enterprise_no === enterpriseNo)!;
  // One generator for both steps, in the seed's order.
  const rnd = prng(Number(enterpriseNo));
  const accounts = generateAccounts(enterprise, plan.count, plan.serialBase, rnd);
  const added = new Set(generateEbank(accounts, plan.addedBy, rnd).map((e) => e.account_no));
  return accounts.map((a) => ({
    accountNo: a.account_no,
    accountName: a.account_name,
    status: a.status,
    added: added.has(a.account_no),
    thirdParty: a.third_party_enterprise_no ?? null,
  }));
}

const demo = seededAccounts('1000000001');

/** Status-00 accounts of 华夏远航 the seed leaves out of e-banking; each test names the ones it takes. */
export const NOT_ADDED = demo.filter((a) => a.status === '00' && !a.added);
/** Accounts that can never be added (status other than 00). */
export const NOT_USABLE = demo.filter((a) => a.status !== '00');
/** Accounts the seed put in e-banking. */
export const SEEDED_ADDED = demo.filter((a) => a.added);

/** Every demo customer's accounts that a third-party institution confirms. */
export const confirmedBy = (institutionNo: string) =>
  DEMO_ACCOUNTS.flatMap((p) => seededAccounts(p.enterprise_no)).filter((a) => a.thirdParty === institutionNo);

/** Spec §3: longer than 10 digits, first 6 + ****** + last 4, as the screen shows it. */
export const masked = (accountNo: string) => `${accountNo.slice(0, 6)} ****** ${accountNo.slice(-4)}`;

/**
 * E-banking accounts of 华夏远航 that 鼎晟投资顾问 confirms, in use, on which the demo maker
 * (U100000101) may enter and the checker (U100000102) may review, richest first: the seed grants
 * the rights with the same generator right after drawing the e-banking accounts.
 */
export function instructionAccounts(): (SeededAccount & { balance: string })[] {
  const plan = DEMO_ACCOUNTS[0];
  const enterprise = ENTERPRISES.find((e) => e.enterprise_no === plan.enterprise_no)!;
  const rnd = prng(Number(plan.enterprise_no));
  const accounts = generateAccounts(enterprise, plan.count, plan.serialBase, rnd);
  const ebank = generateEbank(accounts, plan.addedBy, rnd);
  const [maker, checker] = DEMO_RIGHTS.filter((r) => r.enterprise_no === plan.enterprise_no).map((right) => new Set(ebank.filter(() => rnd.chance(right.share)).map((a) => a.account_no)));
  const used = new Set(ebank.filter((e) => e.used === 1).map((e) => e.account_no));
  return accounts
    .filter((a) => a.third_party_enterprise_no === '2000000001' && a.currency === 'CNY' && used.has(a.account_no) && maker!.has(a.account_no) && checker!.has(a.account_no))
    .sort((x, y) => Number(y.balance) - Number(x.balance))
    .map((a) => ({ accountNo: a.account_no, accountName: a.account_name, status: a.status, added: true, thirdParty: a.third_party_enterprise_no ?? null, balance: String(a.balance) }));
}
