import { DEMO_ACCOUNTS, demoRights, generateAccounts, generateEbank, prng } from '../../apps/server/src/seed/accounts-data';
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

export interface EbankAccount extends SeededAccount {
  currency: string;
  balance: string;
  singleLimit: string | null;
  /** The demo seats the seed grants a right on it. */
  seats: ReadonlySet<string>;
}

/**
 * 华夏远航's e-banking accounts in use, as the seed draws them: it grants the demo seats' rights
 * (U100000101 enters, U100000102 reviews, U100000104 does both) with the same generator right
 * after drawing the e-banking accounts (`demoRights`). Richest first.
 */
function demoEbankAccounts(): EbankAccount[] {
  const plan = DEMO_ACCOUNTS[0];
  const enterprise = ENTERPRISES.find((e) => e.enterprise_no === plan.enterprise_no)!;
  const rnd = prng(Number(plan.enterprise_no));
  const accounts = generateAccounts(enterprise, plan.count, plan.serialBase, rnd);
  const ebank = generateEbank(accounts, plan.addedBy, rnd);
  const rights = demoRights(plan.enterprise_no, ebank, rnd);
  return ebank
    .filter((e) => e.used === 1)
    .map((e) => {
      const a = accounts.find((x) => x.account_no === e.account_no)!;
      return {
        accountNo: a.account_no,
        accountName: a.account_name,
        status: a.status,
        added: true,
        thirdParty: a.third_party_enterprise_no ?? null,
        currency: a.currency ?? 'CNY',
        balance: String(a.balance),
        singleLimit: e.single_limit ?? null,
        seats: new Set(rights.filter((r) => r.account_no === a.account_no).map((r) => r.user_no)),
      };
    })
    .sort((x, y) => Number(y.balance) - Number(x.balance));
}

/** Accounts of 华夏远航 that 鼎晟投资顾问 confirms, in CNY, on which the demo maker may enter and the checker may review. */
export const instructionAccounts = () =>
  demoEbankAccounts().filter((a) => a.thirdParty === '2000000001' && a.seats.has('U100000101') && a.seats.has('U100000102') && a.currency === 'CNY');

/** Accounts on which the seat holds a right (zhouyang, U100000104, enters and reviews on the same ones). */
export const seatAccounts = (userNo: string) => demoEbankAccounts().filter((a) => a.seats.has(userNo));

