import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RETURN_CODES, type ApiEnvelope, type ReturnCodeName } from '@portal/shared';
import { isDatabaseOutage } from '../db/database';
import { KvUnavailableError } from '../kv/kv-store';
import { metrics } from '../metrics';

type CatalogueEntry = (typeof RETURN_CODES)[ReturnCodeName];

/** A refusal the client should see: its catalogue entry, optionally with a more precise message. */
export class AppError extends Error {
  constructor(
    readonly entry: CatalogueEntry,
    message?: string,
    /** What a refusal hands the client besides its message (040007: the change ticket). */
    readonly data: unknown = null,
  ) {
    super(message ?? entry.message);
  }
}

export function ok<T>(data: T): ApiEnvelope<T> {
  return { returnCode: RETURN_CODES.SUCCESS.code, returnMsg: RETURN_CODES.SUCCESS.message, data };
}

export function sendError(reply: FastifyReply, entry: CatalogueEntry, message: string = entry.message, data: unknown = null) {
  const body: ApiEnvelope<unknown> = { returnCode: entry.code, returnMsg: message, data };
  // A refusal is not the route's success: its schema does not describe it.
  return reply.code(entry.status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

// Fastify's own refusals, mapped onto the catalogue.
const FASTIFY_CODES: Record<string, CatalogueEntry> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: RETURN_CODES.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: RETURN_CODES.MALFORMED_BODY,
  FST_ERR_CTP_BODY_TOO_LARGE: RETURN_CODES.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_EMPTY_JSON_BODY: RETURN_CODES.MALFORMED_BODY,
  FST_ERR_CTP_INVALID_JSON_BODY: RETURN_CODES.MALFORMED_BODY,
  FST_ERR_CTP_INVALID_TYPE: RETURN_CODES.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_VALIDATION: RETURN_CODES.INVALID_PARAMETER,
  FST_ERR_NOT_FOUND: RETURN_CODES.NOT_FOUND,
};

/** Seconds a client waits before retrying during an outage: pools and Redis reconnect within about 2 s. */
export const OUTAGE_RETRY_AFTER_SECONDS = 3;

/** Which dependency an error says is unreachable, looking through wrapped causes; undefined for any other error. */
export function outageOf(error: unknown): 'database' | 'kv' | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof KvUnavailableError) return 'kv';
    if (isDatabaseOutage(e)) return 'database';
  }
  return undefined;
}

/** The first validation issue, phrased for a person: the schemas carry the spec's messages. */
function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    if (first?.message) return first.message;
  }
  return error.validation?.[0]?.message ?? RETURN_CODES.INVALID_PARAMETER.message;
}

/**
 * One error handler for the whole server: 4xx carry their real reason, 5xx a generic
 * message with the request id; the detail (and any stack) only ever goes to the log.
 */
export function registerErrorHandling(app: FastifyInstance, notFound: (req: FastifyRequest, reply: FastifyReply) => unknown) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ returnCode: error.entry.code, reason: error.message }, 'request refused');
      return sendError(reply, error.entry, error.message, error.data);
    }
    if (error.validation) {
      const message = validationMessage(error);
      request.log.info({ validation: error.validation, context: error.validationContext }, 'invalid request');
      return sendError(reply, RETURN_CODES.INVALID_PARAMETER, message);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      request.log.info({ code: error.code, reason: error.message }, 'request refused');
      return sendError(reply, mapped);
    }
    if (error.statusCode === 429) return sendError(reply, RETURN_CODES.TOO_MANY_REQUESTS);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A client error we have no catalogue entry for (a plugin's): honest status, generic text.
      request.log.info({ err: error }, 'client error');
      const body = { returnCode: RETURN_CODES.INVALID_PARAMETER.code, returnMsg: RETURN_CODES.INVALID_PARAMETER.message, data: null };
      return reply.code(error.statusCode).send(body);
    }
    const outage = outageOf(error);
    if (outage) {
      // Not the request's fault and not a bug: the client retries, the operator watches the metric.
      request.log.warn({ err: error, dependency: outage }, 'dependency unavailable');
      metrics.dependencyOutages.inc({ dependency: outage, effect: 'refused' });
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return sendError(reply, RETURN_CODES.SERVICE_UNAVAILABLE);
    }
    request.log.error({ err: error }, 'unhandled error');
    const entry = error.statusCode === 503 ? RETURN_CODES.SERVICE_UNAVAILABLE : RETURN_CODES.INTERNAL_ERROR;
    return sendError(reply, entry, `${entry.message}（请求编号：${request.id}）`);
  });

  app.setNotFoundHandler(notFound);
}
