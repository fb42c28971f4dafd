import type { ApiDefinition } from '@portal/shared';

/** A definition as the list answers it; tests override what they look at. */
export const apiRow = (over: Partial<ApiDefinition> = {}): ApiDefinition => ({
  apiId: 1,
  apiCode: 'EXT_QUOTE',
  apiName: '合作方报价',
  apiCategory: '外部接口',
  serviceId: 'partner-quote',
  path: '/ext/partner/quote',
  status: 1,
  priority: 10,
  apiDesc: '',
  isAuth: 1,
  isOpen: 0,
  isEncrypt: 0,
  isAra: 0,
  contractId: null,
  locks: {},
  ...over,
});
