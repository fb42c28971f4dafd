/** The bank's own custody department: the enterprise of every staff seat, in every environment. */
export const BANK_ENTERPRISE = { enterprise_no: '9000000001', enterprise_name: '华夏银行资产托管部', enterprise_type: 'bank' } as const;
