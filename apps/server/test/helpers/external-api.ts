/** A partner-facing API definition as staff add it in the gateway console (`GW_API_ADD`). */
export const externalApi = (code: string, path: string) => ({
  apiCode: code,
  apiName: `外部接口${code}`,
  apiCategory: '合作方',
  serviceId: 'partner-quote',
  path,
  status: 1,
  priority: 500,
  apiDesc: '',
  isAuth: 1,
  isOpen: 1,
  isEncrypt: 0,
  isAra: 0,
});
