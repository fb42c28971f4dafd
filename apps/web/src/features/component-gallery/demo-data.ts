import type { Institution, TransferUser } from '../../components/transfer';

/**
 * Demo data for the gallery: custody accounts, bank users and third-party institutions in the
 * shapes the portal's calls return. A seeded generator keeps every visit (and every browser
 * test) seeing the same rows.
 */

/** mulberry32: small, fast and good enough to make demo rows look varied. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T,>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const digits = (random: () => number, count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

export interface CustodyAccount {
  accountNo: string;
  accountName: string;
  enterpriseName: string;
  cardType: string;
  currency: string;
  balance: string;
  status: string;
  openDate: string;
}

const MANAGERS = [
  { enterprise: '华夏远航基金管理有限公司', short: '华夏远航', products: ['稳健增利{n}号集合资产管理计划', '中短债债券型证券投资基金', '科技创新混合型证券投资基金', '安享纯债{n}号单一资产管理计划'] },
  { enterprise: '中泰安盛人寿保险股份有限公司', short: '中泰安盛人寿', products: ['传统险{n}号组合', '分红险个险分红{n}号组合', '万能险稳健账户', '投连险进取型账户'] },
  { enterprise: '东方精密制造集团股份有限公司', short: '东方精密', products: ['企业年金计划{n}号', '员工持股计划', '募集资金专户'] },
  { enterprise: '蓝海证券资产管理有限公司', short: '蓝海证券', products: ['蓝海{n}号FOF集合资产管理计划', '量化对冲{n}号私募证券投资基金'] },
  { enterprise: '长江信诚信托有限责任公司', short: '长江信诚', products: ['信诚安盈{n}号集合资金信托计划', '家族信托{n}号'] },
] as const;

export function custodyAccounts(count = 128): CustodyAccount[] {
  const random = seededRandom(20240630);
  return Array.from({ length: count }, (_, i) => {
    const manager = pick(random, MANAGERS);
    const product = pick(random, manager.products).replace('{n}', String(1 + Math.floor(random() * 12)));
    const currency = random() < 0.85 ? 'CNY' : 'USD';
    const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
    return {
      accountNo: `6228${String(480000 + i).padStart(6, '0')}${digits(random, 9)}`,
      accountName: `${manager.short}${product}`,
      enterpriseName: manager.enterprise,
      cardType: pick(random, ['PSAV', 'PSAV', 'PSAV', 'PTIM', 'PNDA', 'PNDB']),
      currency,
      balance: `${Math.floor(random() * 10 ** (5 + Math.floor(random() * 5)))}.${digits(random, 2)}`,
      status: pick(random, ['00', '00', '00', '00', '01', '03']),
      openDate: `${2015 + Math.floor(random() * 10)}-${month}-${day}`,
    };
  });
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = ['海燕', '建国', '晓明', '丽娟', '志强', '雪梅', '宏伟', '静怡', '俊杰', '秀英', '文博', '思琪', '国平', '玉兰', '子涵', '振华', '佳怡', '立新', '婷婷', '承泽'];

export function demoUsers(count: number): TransferUser[] {
  const random = seededRandom(95577);
  return Array.from({ length: count }, (_, i) => ({
    userNo: `U${String(100000101 + i)}`,
    userName: pick(random, SURNAMES) + pick(random, GIVEN),
  }));
}

const INSTITUTIONS = [
  '华夏远航基金管理有限公司',
  '中泰安盛人寿保险股份有限公司',
  '蓝海证券股份有限公司',
  '长江信诚信托有限责任公司',
  '东方财富期货有限公司',
  '南山会计师事务所（特殊普通合伙）',
  '金诚律师事务所',
  '华兴投资咨询有限公司',
  '国信资产评估有限公司',
  '平安健康养老保险股份有限公司',
  '博远私募基金管理有限公司',
  '中登结算服务有限公司',
] as const;
const CITIES = ['北京', '上海', '深圳', '广州', '杭州', '成都', '武汉', '南京', '天津', '重庆'];
const KINDS = ['基金管理有限公司', '证券股份有限公司', '人寿保险股份有限公司', '信托有限责任公司', '期货有限公司', '资产管理有限公司'];
const BRANDS = ['华信', '恒泰', '中和', '瑞丰', '广发', '汇通', '鼎盛', '永安', '嘉实', '融通', '安信', '国元'];

/** The named institutions first, then generated ones up to `count`. */
export function demoInstitutions(count: number): Institution[] {
  const random = seededRandom(8190);
  return Array.from({ length: count }, (_, i) => ({
    enterpriseNo: String(2000000001 + i),
    enterpriseName: INSTITUTIONS[i] ?? `${pick(random, CITIES)}${pick(random, BRANDS)}${pick(random, KINDS)}`,
  }));
}
