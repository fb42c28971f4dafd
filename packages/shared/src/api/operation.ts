import { z } from 'zod';
import type { Authority } from '../authorities';
import { SIGNING_LAYOUTS, challengedSigningData, type SigningLayoutName, type SigningSubject } from '../rules/signing';

/** Who calls an operation: `public` needs no session; the others are the session's user type. */
export type Audience = 'public' | 'customer' | 'staff' | 'partner';
export type Flag = 0 | 1;
/** What a partner system may do with an operation opened to it. */
export type PartnerUse = 'read' | 'write';

/** The gateway flags of spec §3 "API definition": the contract's defaults, which staff may override. */
export interface GatewayFlags {
  isEncrypt: Flag;
  isAra: Flag;
  isAuth: Flag;
  isOpen: Flag;
}

/**
 * `json`: `{ returnCode, returnMsg, data }`; `image`: the captcha picture; `upload`/`download`:
 * files, which on an encrypted path travel inside the envelope (docs/platform/envelope-and-crypto.md); `stream`:
 * Server-Sent Events (`text/event-stream`), outside the envelope; `text`: plain text for machines
 * (the metrics scrape), outside the envelope.
 */
export type OperationKind = 'json' | 'image' | 'upload' | 'download' | 'stream' | 'text';

/** `Aud`: the audience as declared, so a server handler knows from the type whether a session is certain. */
export interface Operation<
  Req extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType | undefined = z.ZodType | undefined,
  Aud extends Audience = Audience,
> {
  /** Stable id: the catalogue row's `contract_id` and its default `apiCode`. */
  readonly id: string;
  /** Chinese name: the OpenAPI summary and the catalogue's default `apiName`. */
  readonly name: string;
  readonly category: string;
  readonly serviceId: string;
  readonly method: 'GET' | 'POST';
  /** Under API_BASE; `{prefix}` is the customer prefix, `{urlPrefix}` the gateway prefix. */
  readonly path: string;
  readonly audience: readonly Aud[];
  /** Any one of these is enough; empty: any session of the audience. */
  readonly authority: readonly Authority[];
  readonly kind: OperationKind;
  /** The body (POST) or the query (GET), as the handler sees it after the envelope. */
  readonly request: Req;
  /** `data` of a success; undefined: always null. */
  readonly response: Res;
  readonly defaults: GatewayFlags;
  /** Counted per client address in the shared store (the limits come from the configuration). */
  readonly rateLimit?: 'login' | 'captcha';
  /** `exempt`: no envelope at all (health for load balancers, the event stream); `no-rev`: key negotiation itself. */
  readonly envelope?: 'exempt' | 'no-rev';
  /** Upload and download size limit in bytes. */
  readonly maxBytes?: number;
  /** A download's file types (name extensions) when they are not spec §9's downloadable types: the web saves nothing else. */
  readonly fileTypes?: readonly string[];
  /** Gateway settings no staff change may lower (the floor of `rules/gateway-floor.ts`). */
  readonly pinned: readonly Pin[];
  /**
   * A signed operation (docs/signing.md): what its `signMsg` signs, from the validated input.
   * The web client signs such calls by itself; the server verifies in the operation's transaction.
   */
  readonly signing?: (input: unknown) => SigningSubject;
  /**
   * May staff open it to partner systems (docs/partner-access.md)? `read`: a read a partner's
   * acting seat may make; `write`: a change, which also needs that seat. Unmarked: never.
   */
  readonly partner?: PartnerUse;
  /**
   * A write a session may send with an `Idempotency-Key` (docs/platform/idempotency.md): the
   * same key and request give the first answer, across instances; the web sends one per action.
   */
  readonly idempotent: boolean;
  /**
   * An administrative change a second administrator approves (docs/features/dual-control.md):
   * it may answer 202 with the held change (`heldChangeSchema`) instead of its result.
   */
  readonly held?: true;
}

/**
 * `enabled`: never `status` 0 (start-up, login and the gateway's own calls); `encrypted`: never
 * loses encryption (passwords, login); `plaintext`: never encrypted nor signed (key negotiation,
 * the API list, and answers that are not JSON: the captcha picture, a file behind its ticket).
 */
export type Pin = 'enabled' | 'encrypted' | 'plaintext';

export type AnyOperation = Operation<z.ZodType | undefined, z.ZodType | undefined>;

/** What the caller sends (before defaults and transforms). */
export type OperationInput<Op> = Op extends Operation<infer Req, z.ZodType | undefined> ? (Req extends z.ZodType ? z.input<Req> : void) : never;
/** What the handler receives after validation. */
export type OperationParsed<Op> = Op extends Operation<infer Req, z.ZodType | undefined> ? (Req extends z.ZodType ? z.output<Req> : undefined) : never;
/** The `data` of a success. */
export type OperationData<Op> = Op extends Operation<z.ZodType | undefined, infer Res> ? (Res extends z.ZodType ? z.output<Res> : null) : never;

interface Definition<Req extends z.ZodType | undefined, Res extends z.ZodType | undefined, Aud extends Audience> {
  id: string;
  name: string;
  category: string;
  serviceId: string;
  method: 'GET' | 'POST';
  path: string;
  audience: readonly Aud[];
  authority?: readonly Authority[];
  kind?: OperationKind;
  request?: Req;
  response?: Res;
  /** Default gateway flags: the body travels encrypted; requests carry the anti-replay signature. */
  encrypt?: boolean;
  antiReplay?: boolean;
  rateLimit?: 'login' | 'captcha';
  envelope?: 'exempt' | 'no-rev';
  maxBytes?: number;
  fileTypes?: readonly string[];
  pinned?: readonly Pin[];
  /**
   * A signing layout (rules/signing.ts) whose fields are the input's own, or a function giving
   * the layout and its values for an input (fields named otherwise, fixed values, one of two
   * layouts). The request must then carry `signMsg` (`withSignature(schema)`).
   */
  signing?: SigningLayoutName | ((input: Req extends z.ZodType ? z.output<Req> : never) => SigningSubject);
  partner?: PartnerUse;
  /** Unset: a session's POST that is signed or anti-replay, i.e. a write; set it for a write without either, or to exclude a read. */
  idempotent?: boolean;
  /** May answer 202 with a held change (dual control); its `response` then admits `heldChangeSchema` (`orHeld`). */
  held?: true;
}

const flag = (value: boolean | undefined): Flag => (value ? 1 : 0);

/**
 * Declares an operation once. `isAuth` follows the audience; `isOpen` (partner access through
 * the gateway) defaults to 0 for every operation, and staff may open only one its contract marks
 * `partner`.
 */
export function defineOperation<Req extends z.ZodType | undefined = undefined, Res extends z.ZodType | undefined = undefined, Aud extends Audience = Audience>(
  def: Definition<Req, Res, Aud>,
): Operation<Req, Res, Aud> {
  if (!def.path.startsWith('/')) throw new Error(`operation ${def.id}: path must start with /`);
  const isPublic = def.audience.some((a) => a === 'public');
  if (isPublic && def.authority?.length) throw new Error(`operation ${def.id}: a public operation cannot need an authority`);
  if (def.pinned?.includes('encrypted') && !def.encrypt) throw new Error(`operation ${def.id}: pinned encrypted but not encrypted`);
  if (def.pinned?.includes('plaintext') && def.encrypt) throw new Error(`operation ${def.id}: pinned plaintext but encrypted`);
  if (def.kind === 'stream' && def.envelope !== 'exempt') throw new Error(`operation ${def.id}: an event stream is read by EventSource, which sends none of the envelope's headers`);
  if (def.kind === 'text' && def.envelope !== 'exempt') throw new Error(`operation ${def.id}: a text answer is read by machines that send none of the envelope's headers`);
  if (def.signing !== undefined && def.method !== 'POST') throw new Error(`operation ${def.id}: a signed operation is a POST (its signMsg travels in the body)`);
  // A partner system holds no device key, and staff-only or public calls are no partner's business.
  if (def.partner && (def.signing !== undefined || !def.audience.some((a) => a === 'customer'))) throw new Error(`operation ${def.id}: only an unsigned customer operation can be opened to partners`);
  const signing = def.signing === undefined ? undefined : signingOf(def.id, def.signing, def.request);
  const idempotent = def.idempotent ?? (!isPublic && def.method === 'POST' && (def.antiReplay === true || signing !== undefined));
  if (idempotent && isPublic) throw new Error(`operation ${def.id}: an Idempotency-Key belongs to a session; a public operation cannot take one`);
  return {
    id: def.id,
    name: def.name,
    category: def.category,
    serviceId: def.serviceId,
    method: def.method,
    path: def.path,
    audience: def.audience,
    authority: def.authority ?? [],
    kind: def.kind ?? 'json',
    request: def.request as Req,
    response: def.response as Res,
    defaults: { isEncrypt: flag(def.encrypt), isAra: flag(def.antiReplay), isAuth: isPublic ? 0 : 1, isOpen: 0 },
    pinned: def.pinned ?? [],
    idempotent,
    ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}),
    ...(def.partner ? { partner: def.partner } : {}),
    ...(def.envelope ? { envelope: def.envelope } : {}),
    ...(def.maxBytes ? { maxBytes: def.maxBytes } : {}),
    ...(def.fileTypes ? { fileTypes: def.fileTypes } : {}),
    ...(signing ? { signing } : {}),
    ...(def.held ? { held: true as const } : {}),
  };
}

/** A signed operation's declaration, checked once: the request carries `signMsg`, `signChallenge` and every field the layout reads. */
function signingOf(id: string, signing: SigningLayoutName | ((input: never) => SigningSubject), request: z.ZodType | undefined) {
  const shape = request instanceof z.ZodObject ? (request.shape as Record<string, unknown>) : undefined;
  // A union of objects (one of two layouts) names signMsg and signChallenge in each of its options.
  const options = request instanceof z.ZodUnion ? (request.options as unknown[]) : shape ? [request] : [];
  if (options.length === 0 || !options.every((o) => o instanceof z.ZodObject && 'signMsg' in o.shape && 'signChallenge' in o.shape)) {
    throw new Error(`operation ${id}: a signed operation's request must carry signMsg and signChallenge (withSignature)`);
  }
  if (typeof signing === 'function') return signing as (input: unknown) => SigningSubject;
  const missing = SIGNING_LAYOUTS[signing].fields.map((f) => (typeof f === 'string' ? f : f.name)).filter((f) => !shape || !(f in shape));
  if (missing.length > 0) throw new Error(`operation ${id}: its request has no ${missing.join(', ')} for the ${signing} signing layout`);
  return (input: unknown): SigningSubject => ({ layout: signing, values: input as object });
}

/**
 * The signing data of a signed operation's validated input (docs/signing.md): its layout's fields,
 * then its `signChallenge`. `derived`: values the server establishes itself, over the client's.
 */
export function operationSigningData(op: Pick<AnyOperation, 'id' | 'signing'>, input: unknown, derived: Record<string, unknown> = {}): { code: string; data: string } {
  if (!op.signing) throw new Error(`operation ${op.id} is not signed`);
  const { layout, values } = op.signing(input);
  const { signChallenge } = input as { signChallenge?: unknown };
  return { code: SIGNING_LAYOUTS[layout].code, data: challengedSigningData(layout, { ...values, ...derived }, signChallenge) };
}

// Stands in for the signature while a client validates the input it is about to sign.
const UNSIGNED = 'AA==';

/**
 * What a client signs for an input it is about to send, `signChallenge` included: the signing
 * data of the input as the server will validate it (defaults filled in, text trimmed). An input
 * the server will refuse anyway has no signing data; it gets '' so that the refusal names the
 * faulty field.
 */
export function signingDataToSend(op: Pick<AnyOperation, 'id' | 'signing' | 'request'>, input: unknown): string {
  const parsed = op.request?.safeParse({ ...(input as object), signMsg: UNSIGNED });
  if (!parsed?.success) return '';
  return operationSigningData(op, parsed.data).data;
}

export interface PathPrefixes {
  customerPrefix: string;
  gatewayPrefix: string;
}

/** The operation's path under API_BASE with the configured prefixes filled in. */
export function operationPath(op: Pick<AnyOperation, 'path'>, prefixes: PathPrefixes): string {
  return op.path.replace('{prefix}', prefixes.customerPrefix).replace('{urlPrefix}', prefixes.gatewayPrefix);
}
