import { z } from 'zod';
import { int4Id, plainText } from '../rules/schema-primitives';

/**
 * A number in a GET query: a JSON number when the query travels sealed (the envelope opens it
 * as JSON), a digit string when staff have made the path plaintext. Both reach the handler as
 * a number checked by `schema`.
 */
export const queryNumber = <T extends z.ZodType<number, number>>(schema: T, message: string) =>
  z.union([z.number(), z.string().regex(/^\d{1,10}$/, message).transform(Number)], { error: message }).pipe(schema);

/** An id in a GET query (see `queryNumber`). */
export const queryId = (message: string) => queryNumber(int4Id(message), message);

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Spec §9 tables: page from 1, page size 10 by default, at most 100. */
export const pageQuery = {
  page: queryNumber(z.number().int('页码须为正整数').min(1, '页码须为正整数').max(100_000, '页码过大'), '页码须为正整数').default(1),
  limit: queryNumber(z.number().int('每页条数须为1到100之间的整数').min(1, '每页条数须为1到100之间的整数').max(100, '每页条数须为1到100之间的整数'), '每页条数须为1到100之间的整数').default(10),
};

/** An optional contains-match filter of a list (case-insensitive); empty means no filter. */
export const filterText = (label: string, max = 64) =>
  plainText(`${label}不能包含控制字符`).trim().max(max, `${label}不能超过${max}个字符`).optional();

export const pageOf = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number().int().min(0) });
