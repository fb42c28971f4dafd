import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  RETURN_CODES,
  SIGN_CHALLENGE_PATTERN,
  apiEnvelopeSchema,
  downloadTicketSchema,
  ILL_FORMED_TEXT_MESSAGE,
  filesApi,
  heldChangeSchema,
  isIllFormed,
  operationPath,
  signMsgProblem,
  type AnyOperation,
  type Audience,
  type Operation,
  type OperationData,
  type OperationParsed,
} from '@portal/shared';
import type { AppContext } from '../app-context';
import { AppError, ok } from './errors';
import { keyOf, runOnce } from './idempotency';
import { contentDisposition, fileTickets, type FileAnswer } from './file-tickets';
import { rateLimit } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract this route serves: every per-route policy is decided from it. */
    operation?: AnyOperation;
  }
  interface FastifyRequest {
    /**
     * The matched route's operation (null on a route serving none), read once per request by
     * `noteOperation`: `request.routeOptions` builds a new object at every read.
     */
    operation: AnyOperation | null;
  }
}

/** The first onRequest hook: every later hook reads `request.operation`. */
export function noteOperation(app: FastifyInstance) {
  app.decorateRequest('operation', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.operation = request.routeOptions.config.operation ?? null;
    done();
  });
}

/** The session the access check set on the request. */
type Session = NonNullable<FastifyRequest['session']>;

/** Per audience: a public operation may be called without a session, any other only with one. */
interface SessionByAudience {
  public: Session | undefined;
  customer: Session;
  staff: Session;
  partner: Session;
}

/** An operation that needs a login: its audience has no `public`. */
type LoginOperation = Operation<z.ZodType | undefined, z.ZodType | undefined, Exclude<Audience, 'public'>>;
const needsLogin = (op: AnyOperation): op is LoginOperation => !op.audience.includes('public');

export interface OperationCall<Op extends AnyOperation> {
  /** The validated body (POST) or query (GET), after the envelope opened it. */
  input: OperationParsed<Op>;
  /** The caller's session: certain unless the contract's audience is public. */
  session: SessionByAudience[Op['audience'][number]];
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers routes from contracts: the path, schemas, OpenAPI summary, access and rate limit
 * all come from the operation, so a module writes only its handlers. `json` handlers return
 * the `data` of a success; `image` and file handlers send their answer themselves.
 */
export function operationRoutes(app: FastifyInstance, ctx: AppContext) {
  const prefixes = { customerPrefix: ctx.config.CUSTOMER_PREFIX, gatewayPrefix: ctx.config.GATEWAY_PREFIX };
  const limits = { login: ctx.config.LOGIN_RATE_LIMIT, captcha: ctx.config.CAPTCHA_RATE_LIMIT } as const;
  const tickets = fileTickets(ctx.kv);

  function register<Op extends AnyOperation>(op: Op, handler: (call: OperationCall<Op>) => Promise<unknown>) {
    const carrier = op.method === 'GET' ? 'querystring' : 'body';
    app.route({
      method: op.method,
      // An upload's base64 content, sealed again on an encrypted path, may exceed the general limit.
      ...(op.kind === 'upload' && op.maxBytes ? { bodyLimit: Math.max(ctx.config.BODY_LIMIT, Math.ceil((op.maxBytes * 16) / 9) + 65_536) } : {}),
      url: operationPath(op, prefixes),
      config: { operation: op },
      // A bucket per route: colleagues behind one NAT fetching captchas do not spend each other's logins.
      ...(op.rateLimit ? { onRequest: rateLimit(ctx.kv, op.id, limits[op.rateLimit]) } : {}),
      ...(op.signing ? { preValidation: requireSignature } : {}),
      // After validation (so a field's own message comes first): no string of any input may
      // carry a control character or a lone surrogate.
      preHandler: (request, _reply, done) => {
        const problem = textProblem(op.method === 'GET' ? request.query : request.body);
        done(problem ? new AppError(RETURN_CODES.INVALID_PARAMETER, problem) : undefined);
      },
      schema: {
        tags: [op.category],
        summary: op.name,
        ...(op.request ? { [carrier]: op.request } : {}),
        ...(op.kind === 'json' || op.kind === 'upload'
          ? { response: { 200: apiEnvelopeSchema(op.response ?? z.null()), ...(op.held ? { 202: apiEnvelopeSchema(heldChangeSchema) } : {}) } }
          : {}),
        ...(op.kind === 'download' ? { response: { 200: apiEnvelopeSchema(downloadTicketSchema) } } : {}),
      },
      handler: async (request, reply) => {
        // The access check already refused a call that needs a session and has none: this keeps the type honest.
        if (!request.session && needsLogin(op)) throw new AppError(RETURN_CODES.UNAUTHENTICATED);
        const session = request.session as OperationCall<Op>['session'];
        return handler({ input: (op.method === 'GET' ? request.query : request.body) as never, session, request, reply });
      },
    });
  }

  return {
    /**
     * A `{ returnCode, returnMsg, data }` operation: the handler returns `data`, or the reply
     * when it answered itself (health's 503 carries data too).
     */
    json<Op extends AnyOperation>(op: Op, handler: (call: OperationCall<Op>) => Promise<OperationData<Op> | FastifyReply>) {
      if (op.kind !== 'json' && op.kind !== 'upload') throw new Error(`operation ${op.id} is not a json or upload operation`);
      register(op, async (call) => {
        const key = keyOf(call.request, op, call.input);
        const result = key ? await runOnce(ctx, call.request, key, () => handler(call)) : await handler(call);
        // A returned reply resolves (as a thenable) once it is sent: then there is nothing to add.
        return call.reply.sent ? call.reply : ok(result);
      });
    },
    /** An operation answering something other than JSON (the captcha picture, the metrics text): the handler sends it. */
    raw<Op extends AnyOperation>(op: Op, handler: (call: OperationCall<Op>) => Promise<FastifyReply>) {
      if (op.kind !== 'image' && op.kind !== 'text') throw new Error(`operation ${op.id} is not an image or text operation`);
      register(op, handler);
    },
    /**
     * A file download: on a path the catalogue marks encrypted the answer is a ticket (the
     * file never leaves in the clear), otherwise the file itself.
     */
    download<Op extends AnyOperation>(op: Op, handler: (call: OperationCall<Op>) => Promise<FileAnswer>) {
      if (op.kind !== 'download' || !op.maxBytes) throw new Error(`operation ${op.id} is not a download operation with a size limit`);
      // A ticket is bound to the session that asked: a download needs one.
      if (!needsLogin(op)) throw new Error(`download operation ${op.id} cannot be public`);
      const maxBytes = op.maxBytes;
      register(op, async (call) => {
        const file = await handler(call as OperationCall<Op>);
        if (file.body.length > maxBytes) throw new Error(`${op.id} produced ${file.body.length} bytes, over its limit of ${maxBytes}`);
        const { request, reply, session } = call;
        if (request.envelope?.api.isEncrypt) {
          return ok({ ticket: await tickets.issue(file, session.tokenHash), fileName: file.fileName });
        }
        return sendFile(reply, file);
      });
    },
    /**
     * Server-Sent Events: the handler refuses by throwing, as any route does, or takes the
     * connection over (`reply.hijack()`) and writes the stream itself, outside every `onSend`
     * hook (no compression, which would hold events back).
     */
    stream<Op extends AnyOperation>(op: Op, handler: (call: OperationCall<Op>) => Promise<FastifyReply>) {
      if (op.kind !== 'stream') throw new Error(`operation ${op.id} is not a stream operation`);
      register(op, handler);
    },
    /** Hands out a file a download operation left behind a ticket. */
    ticketDownload(op: typeof filesApi.fileDownload) {
      register(op, async ({ input, session, reply }) => {
        const file = await tickets.take(input.ticket, session.tokenHash);
        if (!file) throw new AppError(RETURN_CODES.INVALID_PARAMETER, '下载票据无效或已过期');
        return sendFile(reply, file);
      });
    },
  };
}

/**
 * A signed operation without a signature or its challenge, or with something that cannot be one,
 * is refused with its own code before the fields are judged (after the envelope opened the body);
 * the signature itself is verified, and the challenge spent, in the operation's transaction
 * (platform/verify-signature.ts).
 */
async function requireSignature(request: FastifyRequest) {
  const body = request.body as { signMsg?: unknown; signChallenge?: unknown } | null | undefined;
  const problem = signMsgProblem(body?.signMsg);
  if (problem) throw new AppError(problem === 'missing' ? RETURN_CODES.SIGN_MISSING : RETURN_CODES.SIGN_MALFORMED);
  const challenge = body?.signChallenge;
  if (typeof challenge !== 'string' || !SIGN_CHALLENGE_PATTERN.test(challenge)) throw new AppError(RETURN_CODES.SIGN_CHALLENGE_INVALID);
}

const CONTROL_CHARACTER_INPUT = '请求参数不能包含控制字符';
// C0 controls and DEL, but tab and line breaks, which multi-line text keeps.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * What is wrong with any string of an input, keys included, refused for every operation at once
 * so no field can be forgotten: a control character (PostgreSQL refuses NUL in text, and no field
 * of ours wants one; fields also say so in their schemas), or a lone UTF-16 surrogate (no
 * character at all; PostgreSQL refuses it in jsonb, which made a 500 of it).
 */
function textProblem(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? CONTROL_CHARACTER_INPUT : isIllFormed(value) ? ILL_FORMED_TEXT_MESSAGE : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key) ?? textProblem(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function sendFile(reply: FastifyReply, file: FileAnswer) {
  return reply.type(file.contentType).header('content-disposition', contentDisposition(file.fileName)).send(file.body);
}

/**
 * An operation is reached by its one canonical path only. The router forgives a trailing
 * slash and decodes `%65` to `e`; a policy looked up by such a variant once missed the
 * envelope. So before anything else runs, a request whose raw path is not exactly its
 * route's (trailing slash, `//`, percent-encoding, `.`/`..` segments, other letter case)
 * is refused as unknown.
 */
export function refuseNonCanonicalPaths(app: FastifyInstance) {
  const routeUrls = new WeakMap<AnyOperation, string>();
  app.addHook('onRoute', (route) => {
    const op = route.config?.operation;
    if (op) routeUrls.set(op, route.url);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const op = request.operation;
    if (!op) return done();
    const query = request.url.indexOf('?');
    const raw = query === -1 ? request.url : request.url.slice(0, query);
    done(raw === routeUrls.get(op) ? undefined : new AppError(RETURN_CODES.NOT_FOUND));
  });
}
