import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { dictionaryApi, type StandardEntry } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DictionaryStandardsTable } from '../../db/schema';
import { operationRoutes } from '../../plugins/operations';
import { standardsInVersion, standardsOf } from './dictionary.queries';

/** Spec §7 default dictionary version. */
const DEFAULT_VERSION = '2.0';

const toStandard = (r: Selectable<DictionaryStandardsTable>): StandardEntry => ({
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

/**
 * Spec §7 dictionary calls: data standards by code (keyed `code`, or `code_version` when a
 * version other than the default was asked for) and by name. Reference data, any session.
 */
export async function dictionaryRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = operationRoutes(app, ctx);
  const db = ctx.database.db;

  routes.json(dictionaryApi.standardsByCode, async ({ input }) => {
    const wanted = input.codes.map((c) => ({ code: c.code, version: c.version || DEFAULT_VERSION }));
    const rows = await standardsOf(db, wanted);
    const hxStandards = Object.fromEntries(rows.map((r) => [r.version === DEFAULT_VERSION ? r.code : `${r.code}_${r.version}`, toStandard(r)]));
    return { hxStandards };
  });

  routes.json(dictionaryApi.standardsByName, async ({ input }) => {
    const rows = await standardsInVersion(db, input.codes, DEFAULT_VERSION);
    return { hxStandards: Object.fromEntries(rows.map((r) => [r.code, toStandard(r)])) };
  });
}
