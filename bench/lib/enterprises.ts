/** The customer enterprises of the PostgreSQL benchmarks: numbered 3000000001 on, names and kinds in rotation. */

const KINDS = ['fund_manager', 'insurer', 'corporate'] as const;
const NAMES = ['长盈', '泰和', '瑞丰', '安信', '广源', '明德', '华泰', '嘉实', '博远', '信达'] as const;
const SUFFIX = { fund_manager: '基金管理有限公司', insurer: '人寿保险股份有限公司', corporate: '控股集团股份有限公司' } as const;

export const enterpriseNo = (i: number) => `3${String(i + 1).padStart(9, '0')}`;

export function benchEnterprises(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    return { enterprise_no: enterpriseNo(i), enterprise_name: `${NAMES[i % NAMES.length]}${String.fromCharCode(0x4e00 + i * 37)}${SUFFIX[kind]}`, enterprise_type: kind };
  });
}
