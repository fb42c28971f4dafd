import type { Insertable } from 'kysely';
import type { CustodyAccountsTable, EbankAccountsTable } from '../db/schema';

/**
 * Demo custody accounts: the bank's register for each demo customer, generated from a seeded
 * PRNG so every database gets the same accounts. Products follow the customer's kind: a fund
 * manager's securities investment funds and asset-management plans, an insurer's general and
 * separate accounts and the annuity plans it is trustee of, a manufacturer's own annuity plan,
 * employee share plan, raised-funds and trust accounts.
 */

/** Third-party institutions that confirm some accounts' instructions. */
export const INSTITUTIONS = [
  { enterprise_no: '2000000001', enterprise_name: '鼎晟投资顾问（上海）有限公司', enterprise_type: 'third_party' },
  { enterprise_no: '2000000002', enterprise_name: '中融汇信信托有限责任公司', enterprise_type: 'third_party' },
] as const;
const ADVISER = INSTITUTIONS[0].enterprise_no;
const TRUSTEE = INSTITUTIONS[1].enterprise_no;

/** mulberry32: small, fast, and the same sequence on every platform for one seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Prng = ReturnType<typeof prng>;

interface Product {
  name: string;
  code: string;
  currency?: 'CNY' | 'USD' | 'KRW';
  thirdParty?: string;
  /** Short form for aliases. */
  short: string;
}

const FUND_STYLES = [
  ['稳健增利债券型证券投资基金', '稳健增利'],
  ['量化优选混合型证券投资基金', '量化优选'],
  ['中证500指数增强型证券投资基金', '中证500增强'],
  ['货币市场基金', '货币'],
  ['双季添利定期开放债券型证券投资基金', '双季添利'],
  ['科技创新混合型证券投资基金', '科创混合'],
  ['养老目标日期2035三年持有期混合型基金中基金（FOF）', '养老2035'],
  ['沪深300交易型开放式指数证券投资基金', '沪深300ETF'],
  ['新能源产业股票型证券投资基金', '新能源'],
  ['纯债六个月持有期债券型证券投资基金', '纯债六个月'],
  ['医疗健康混合型证券投资基金', '医疗健康'],
  ['恒生科技指数型证券投资基金（QDII）', '恒生科技QDII'],
  ['安享1号集合资产管理计划', '安享1号'],
  ['睿远稳盈单一资产管理计划', '睿远稳盈'],
  ['鑫利3号集合资产管理计划', '鑫利3号'],
] as const;

const PENSION_CLIENTS = ['国能电力集团', '沪东船舶重工', '江南城市投资发展集团', '蜀道交通建设集团', '华北石化集团', '闽海港务集团', '长江航运集团'] as const;

function productsFor(enterprise: { enterprise_no: string; enterprise_name: string; enterprise_type: string }, rnd: Prng): Product[] {
  const brand = enterprise.enterprise_name.replace(/(基金管理|人寿保险)?(股份)?有限(责任)?公司$/, '');
  const seq = () => String(rnd.int(1, 999_999)).padStart(6, '0');
  if (enterprise.enterprise_type === 'fund_manager') {
    return FUND_STYLES.map(([style, short], i) => ({
      name: `${brand}${style}`,
      code: style.includes('资产管理计划') ? `S${String.fromCharCode(65 + (i % 26))}${seq().slice(0, 4)}` : seq(),
      short,
      ...(style.includes('QDII') ? { currency: 'USD' as const } : {}),
      // The asset-management plans follow an investment adviser's advice, which confirms their instructions.
      ...(style.includes('资产管理计划') ? { thirdParty: ADVISER } : {}),
    }));
  }
  if (enterprise.enterprise_type === 'insurer') {
    return [
      { name: `${brand}人寿传统保险账户`, code: `CT${seq()}`, short: '传统险' },
      { name: `${brand}人寿分红保险账户`, code: `FH${seq()}`, short: '分红险' },
      { name: `${brand}人寿万能保险账户`, code: `WN${seq()}`, short: '万能险' },
      { name: `${brand}人寿投资连结保险稳健型投资账户`, code: `TL${seq()}`, short: '投连稳健' },
      { name: `${brand}金色晚晴养老保障管理产品`, code: `YL${seq()}`, short: '金色晚晴' },
      ...PENSION_CLIENTS.map((client) => ({ name: `${client}企业年金计划`, code: `7${seq().slice(0, 5)}`, short: `${client.slice(0, 4)}年金` })),
      { name: `${brand}·韩亚基础设施债权投资计划`, code: `ZQ${seq()}`, short: '韩亚债权', currency: 'KRW' as const, thirdParty: TRUSTEE },
    ];
  }
  return [
    { name: `${brand}企业年金计划`, code: `7${seq().slice(0, 5)}`, short: '企业年金' },
    { name: `${brand}第一期员工持股计划`, code: `ESOP${seq().slice(0, 4)}`, short: '员工持股一期' },
    { name: `${brand}第二期员工持股计划`, code: `ESOP${seq().slice(0, 4)}`, short: '员工持股二期' },
    { name: `${brand}募集资金专户`, code: `MJ${seq()}`, short: '募集资金' },
    { name: `${brand}并购专项资金托管账户`, code: `BG${seq()}`, short: '并购专项' },
    { name: `中融汇信·${brand}供应链金融集合资金信托计划`, code: `XT${seq()}`, short: '供应链信托', thirdParty: TRUSTEE },
    { name: `中融汇信·${brand}设备租赁收益权集合资金信托计划`, code: `XT${seq()}`, short: '租赁信托', thirdParty: TRUSTEE },
    { name: `${brand}海外并购美元专户`, code: `HW${seq()}`, short: '美元专户', currency: 'USD' as const },
  ];
}

const BRANCHES = ['北京分行营业部', '北京中关村支行', '上海分行营业部', '上海陆家嘴支行', '深圳分行营业部', '广州分行营业部', '杭州分行营业部', '南京分行营业部', '成都分行营业部', '武汉分行营业部'] as const;

/** Sub-accounts a product holds besides its main current account, with the name suffix. */
const SUB_ACCOUNTS = [
  { card_type: 'PTIM', suffix: '定期存款户' },
  { card_type: 'PNDA', suffix: '七天通知存款户' },
  { card_type: 'PNDB', suffix: '一天通知存款户' },
  { card_type: 'PTIM', suffix: '协议存款户' },
  { card_type: 'PDBC', suffix: '费用支出户' },
] as const;
const DEPOSIT_TYPES = new Set(['PTIM', 'PNDA', 'PNDB', 'PIDA']);

/** Weighted: most accounts are in service. */
function drawStatus(rnd: Prng): string {
  const x = rnd.next();
  return x < 0.74 ? '00' : x < 0.85 ? '01' : x < 0.9 ? '02' : x < 0.97 ? '03' : '04';
}

const cents = (yuan: number) => (Math.round(yuan * 100) / 100).toFixed(2);

/** yyyy-MM-dd in the `years` years from January 1st of `from`. */
function drawDate(rnd: Prng, from: number, years: number): string {
  const day = rnd.int(0, years * 365 - 1);
  return new Date(Date.UTC(from, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

function drawBalance(rnd: Prng, card: string, status: string): string {
  if (status === '03' || status === '02') return '0.00';
  if (status === '01' || status === '04') return cents(rnd.next() * 5_000);
  if (card === 'PTIM') return cents(rnd.int(1, 200) * 500_000);
  if (card === 'PNDA' || card === 'PNDB') return cents(rnd.int(1, 80) * 1_000_000 + rnd.next() * 1_000);
  if (card === 'PDBC') return cents(rnd.next() * 800_000);
  // Current accounts: from tens of thousands to a few billion, log-spread.
  return cents(10 ** (4 + rnd.next() * 5.5));
}

export type RegisterAccount = Insertable<CustodyAccountsTable> & { short: string };

/**
 * `count` register accounts of one enterprise: a current account per product, then deposit
 * and expense sub-accounts, until the count is reached. Account numbers are 17 digits (some
 * older ones 12) and unique across enterprises through `serialBase`.
 */
export function generateAccounts(
  enterprise: { enterprise_no: string; enterprise_name: string; enterprise_type: string },
  count: number,
  serialBase: number,
  rnd: Prng = prng(Number(enterprise.enterprise_no)),
): RegisterAccount[] {
  const products = productsFor(enterprise, rnd);
  const accounts: RegisterAccount[] = [];
  let serial = serialBase;
  for (let round = 0; accounts.length < count; round += 1) {
    for (const product of products) {
      if (accounts.length >= count) break;
      const sub = round === 0 ? null : SUB_ACCOUNTS[(round - 1 + products.indexOf(product)) % SUB_ACCOUNTS.length]!;
      const card = sub ? sub.card_type : 'PSAV';
      const status = drawStatus(rnd);
      serial += 1;
      const branch = rnd.int(0, BRANCHES.length - 1);
      // 1025 + branch + 00 + serial: 17 digits; one in ten, opened before 2016, has the old 12-digit form.
      const old = rnd.chance(0.1);
      const accountNo = old ? `10${String(branch).padStart(2, '0')}${String(serial).padStart(8, '0')}` : `1025${String(branch).padStart(3, '0')}00${String(serial).padStart(8, '0')}`;
      accounts.push({
        account_no: accountNo,
        account_name: sub ? `${product.name}${sub.suffix}` : product.name,
        enterprise_no: enterprise.enterprise_no,
        product_name: product.name,
        product_code: product.code,
        card_type: card,
        status,
        currency: product.currency ?? 'CNY',
        open_branch: BRANCHES[branch]!,
        open_date: old ? drawDate(rnd, 2012, 4) : drawDate(rnd, 2016, 10),
        balance: drawBalance(rnd, card, status),
        reinvest_type: DEPOSIT_TYPES.has(card) ? rnd.pick(['0', '1', '2'] as const) : null,
        third_party_enterprise_no: product.thirdParty ?? null,
        short: sub ? `${product.short}${sub.suffix.replace(/户$/, '')}` : `${product.short}托管户`,
      });
    }
  }
  return accounts;
}

/**
 * About two thirds of the status-00 accounts are in e-banking, added by `addedBy`: aliases from
 * the product, limits on some, a few forbidden.
 */
export function generateEbank(accounts: readonly RegisterAccount[], addedBy: string, rnd: Prng): Insertable<EbankAccountsTable>[] {
  return accounts
    .filter((a) => a.status === '00' && rnd.chance(0.68))
    .map((a) => {
      const limited = rnd.chance(0.55);
      const single = rnd.pick([1_000_000, 5_000_000, 10_000_000, 50_000_000]);
      const addedAt = new Date(Date.UTC(2024, 0, 1) + rnd.int(0, 600) * 86_400_000 + rnd.int(8 * 3600, 18 * 3600) * 1000);
      return {
        account_no: a.account_no,
        enterprise_no: a.enterprise_no,
        alias: rnd.chance(0.85) ? a.short : '',
        used: rnd.chance(0.88) ? 1 : 0,
        single_limit: limited ? cents(single) : null,
        daily_limit: limited ? cents(single * rnd.pick([2, 4, 10])) : null,
        added_by: addedBy,
        added_at: addedAt,
        updated_at: addedAt,
      };
    });
}

/** The demo customers' register sizes (30–80 each) and who added their e-banking accounts. */
export const DEMO_ACCOUNTS = [
  { enterprise_no: '1000000001', count: 62, serialBase: 10_000, addedBy: 'U100000101' },
  { enterprise_no: '1000000002', count: 47, serialBase: 20_000, addedBy: 'U100000201' },
  { enterprise_no: '1000000003', count: 36, serialBase: 30_000, addedBy: 'U100000301' },
] as const;

/**
 * Account rights of the demo seats: the maker enters and the reviewer reviews on most of the
 * enterprise's e-banking accounts; a few are left unassigned so the screen has something to grant.
 * `demoRights` then gives each enterprise's reviewer every account a maker may enter on.
 */
export const DEMO_RIGHTS = [
  { user_no: 'U100000101', enterprise_no: '1000000001', share: 0.8, can_entry: true, can_review: false },
  { user_no: 'U100000102', enterprise_no: '1000000001', share: 0.7, can_entry: false, can_review: true },
  // zhouyang holds both roles: enters on some accounts and reviews others' instructions on them.
  { user_no: 'U100000104', enterprise_no: '1000000001', share: 0.4, can_entry: true, can_review: true },
  { user_no: 'U100000201', enterprise_no: '1000000002', share: 0.6, can_entry: true, can_review: false },
  { user_no: 'U100000202', enterprise_no: '1000000002', share: 0.7, can_entry: false, can_review: true },
  { user_no: 'U100000301', enterprise_no: '1000000003', share: 0.8, can_entry: true, can_review: false },
  { user_no: 'U100000302', enterprise_no: '1000000003', share: 0.8, can_entry: false, can_review: true },
] as const;

export interface DemoRight {
  user_no: string;
  account_no: string;
  can_entry: boolean;
  can_review: boolean;
}

/**
 * The demo seats' rights on one enterprise's e-banking accounts: each right's share drawn with
 * `rnd` (right after the e-banking accounts, in DEMO_RIGHTS order, for the seats that exist),
 * then the enterprise's reviewer (the seat that reviews and does not enter) on every account a
 * maker may enter on the draw left it out of, so no demo instruction waits for nobody.
 */
export function demoRights(enterpriseNo: string, ebank: readonly { account_no: string }[], rnd: Prng, seatExists: (userNo: string) => boolean = () => true): DemoRight[] {
  const rights: DemoRight[] = [];
  const plan = DEMO_RIGHTS.filter((r) => r.enterprise_no === enterpriseNo && seatExists(r.user_no));
  for (const right of plan) {
    for (const a of ebank.filter(() => rnd.chance(right.share))) rights.push({ user_no: right.user_no, account_no: a.account_no, can_entry: right.can_entry, can_review: right.can_review });
  }
  const reviewer = plan.find((r) => r.can_review && !r.can_entry);
  if (reviewer) {
    const reviewed = new Set(rights.filter((r) => r.user_no === reviewer.user_no).map((r) => r.account_no));
    const entered = new Set(rights.filter((r) => r.can_entry).map((r) => r.account_no));
    for (const accountNo of [...entered].filter((a) => !reviewed.has(a))) rights.push({ user_no: reviewer.user_no, account_no: accountNo, can_entry: false, can_review: true });
  }
  return rights;
}
