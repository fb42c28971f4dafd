import { z } from 'zod';
import { operationById, type AnyOperation } from '@portal/shared';
import { VERSION } from '../../version';
import type { DefinitionRow } from './gateway.queries';

/** Every answer is wrapped the same way (spec §7); `data` carries the operation's own response. */
const envelopeOf = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['returnCode', 'returnMsg'],
  properties: { returnCode: { type: 'string' }, returnMsg: { type: 'string' }, data },
});

// Coercions and defaults have no JSON Schema form: describe what a partner sends and receives.
const jsonSchema = (schema: z.ZodType | undefined, io: 'input' | 'output') =>
  schema ? (z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>) : {};

function ownOperation(op: AnyOperation, row: DefinitionRow) {
  const request = jsonSchema(op.request, 'input');
  const input =
    op.method === 'GET'
      ? { parameters: Object.entries((request.properties ?? {}) as Record<string, unknown>).map(([name, schema]) => ({ name, in: 'query', schema })) }
      : { requestBody: { required: true, content: { 'application/json': { schema: request } } } };
  return {
    [op.method.toLowerCase()]: {
      operationId: row.api_code,
      summary: row.api_name,
      description: row.api_desc || undefined,
      tags: [row.api_category || op.category],
      ...input,
      responses: { '200': { description: '成功', content: { 'application/json': { schema: envelopeOf(jsonSchema(op.response, 'output')) } } } },
      'x-encrypted': row.is_encrypt === 1,
      'x-anti-replay': row.is_ara === 1,
    },
  };
}

/** A route served elsewhere behind the gateway: the catalogue knows its path and meaning, not its schema. */
const externalRoute = (row: DefinitionRow) => ({
  post: {
    operationId: row.api_code,
    summary: row.api_name,
    description: row.api_desc || undefined,
    tags: [row.api_category || row.service_id],
    responses: { '200': { description: '成功', content: { 'application/json': { schema: envelopeOf({}) } } } },
    'x-encrypted': row.is_encrypt === 1,
    'x-anti-replay': row.is_ara === 1,
  },
});

/** The partner OpenAPI document from the enabled, partner-open catalogue rows (`isOpen` 1, `status` 1). */
export function partnerDocument(rows: readonly DefinitionRow[], apiBase: string) {
  const paths: Record<string, unknown> = {};
  for (const row of rows) {
    const op = operationById(row.contract_id);
    paths[row.path] = op ? ownOperation(op, row) : externalRoute(row);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: '资产托管客户服务网银 合作方接口',
      description: '对合作方开放的接口。每个应答为 `{ returnCode, returnMsg, data }`；标记 x-encrypted 的接口须经国密信封加密调用。',
      version: VERSION,
    },
    servers: [{ url: apiBase }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
