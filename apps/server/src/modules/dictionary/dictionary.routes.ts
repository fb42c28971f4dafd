import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEnvelopeSchema } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DictionaryStandardsTable } from '../../db/schema';
import { ok } from '../../plugins/errors';
import type { Selectable } from 'kysely';

/** Spec §7 default dictionary version. */
const DEFAULT_VERSION = '2.0';

const standardSchema = z.object({
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
const answerSchema = apiEnvelopeSchema(z.object({ hxStandards: z.record(z.string(), standardSchema) }));

const toStandard = (r: Selectable<DictionaryStandardsTable>) => ({
  code: r.code,
  version: r.version,
  nameZh: r.name_zh,
  checkRule: r.check_rule,
  prompt: r.prompt,
  regex: r.regex,
  replacement: r.replacement,
  pattern: r.pattern,
  options: r.options,
  codeValue: r.code_value,
  numberCode: r.number_code,
  letterCode: r.letter_code,
  twoLetterCode: r.two_letter_code,
  threeLetterCode: r.three_letter_code,
});

const codeList = z.array(z.string().trim().min(1).max(64)).min(1, '请指定数据标准编码').max(100, '一次最多查询100个数据标准');

/**
 * Spec §7 dictionary calls: data standards by code (keyed `code`, or `code_version` when a
 * version other than the default was asked for) and by name. Reference data, any session.
 */
export async function dictionaryRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.post(
    '/standard/frontEndComponents/getHxStandardByStandardCode',
    {
      config: { access: 'session' },
      schema: {
        tags: ['dictionary'],
        summary: '按标准编码查询数据标准',
        body: z.object({
          codes: z
            .array(z.object({ code: z.string().trim().min(1).max(64), version: z.string().trim().max(16).optional() }))
            .min(1, '请指定数据标准编码')
            .max(100, '一次最多查询100个数据标准'),
        }),
        response: { 200: answerSchema },
      },
    },
    async (request) => {
      const wanted = request.body.codes.map((c) => ({ code: c.code, version: c.version || DEFAULT_VERSION }));
      const rows = await db
        .selectFrom('dictionary_standards')
        .selectAll()
        .where((eb) => eb.or(wanted.map((w) => eb.and([eb('code', '=', w.code), eb('version', '=', w.version)]))))
        .execute();
      const hxStandards = Object.fromEntries(
        rows.map((r) => [r.version === DEFAULT_VERSION ? r.code : `${r.code}_${r.version}`, toStandard(r)]),
      );
      return ok({ hxStandards });
    },
  );

  api.post(
    '/trans/frontEndComponents/getDictionaryStandardByName',
    {
      config: { access: 'session' },
      schema: { tags: ['dictionary'], summary: '按名称查询数据字典', body: z.object({ codes: codeList }), response: { 200: answerSchema } },
    },
    async (request) => {
      const rows = await db
        .selectFrom('dictionary_standards')
        .selectAll()
        .where('code', 'in', request.body.codes)
        .where('version', '=', DEFAULT_VERSION)
        .execute();
      return ok({ hxStandards: Object.fromEntries(rows.map((r) => [r.code, toStandard(r)])) });
    },
  );
}
