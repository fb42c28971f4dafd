import { z } from 'zod';
import { defineOperation } from './operation';

const base = { category: '认证与基础', serviceId: 'zctg-auth', audience: ['customer', 'staff'], method: 'POST' } as const;

/** Spec §3 "Standard dictionary entry". */
export const standardSchema = z.object({
  code: z.string(),
  version: z.string(),
  nameZh: z.string(),
  checkRule: z.string(),
  prompt: z.string(),
  regex: z.string(),
  replacement: z.string(),
  pattern: z.string(),
  options: z.array(z.object({ code: z.string(), name: z.string() })),
  codeValue: z.string(),
  numberCode: z.string(),
  letterCode: z.string(),
  twoLetterCode: z.string(),
  threeLetterCode: z.string(),
});
export type StandardEntry = z.infer<typeof standardSchema>;

const standards = z.object({ hxStandards: z.record(z.string(), standardSchema) });
const tooMany = '一次最多查询100个数据标准';
const noCodes = '请指定数据标准编码';

/** Keyed `code`, or `code_version` for a version other than the default. */
export const standardsByCode = defineOperation({
  ...base,
  id: 'DICT_BY_CODE',
  name: '按标准编码查询数据标准',
  path: '/standard/frontEndComponents/getHxStandardByStandardCode',
  request: z.object({
    codes: z
      .array(z.object({ code: z.string().trim().min(1).max(64), version: z.string().trim().max(16).optional() }))
      .min(1, noCodes)
      .max(100, tooMany),
  }),
  response: standards,
});

export const standardsByName = defineOperation({
  ...base,
  id: 'DICT_BY_NAME',
  name: '按名称查询数据字典',
  path: '/trans/frontEndComponents/getDictionaryStandardByName',
  request: z.object({ codes: z.array(z.string().trim().min(1).max(64)).min(1, noCodes).max(100, tooMany) }),
  response: standards,
});
