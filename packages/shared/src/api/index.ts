import * as auth from './auth';
import * as dictionary from './dictionary';
import type { AnyOperation } from './operation';
import * as platform from './platform';
import * as session from './session';

export * from './operation';
export * as authApi from './auth';
export * as dictionaryApi from './dictionary';
export * as platformApi from './platform';
export * as sessionApi from './session';
export type { SessionUser, MenuItem } from './session';
export type { LockedUser } from './auth';
export type { StandardEntry } from './dictionary';
export type { HealthComponent } from './platform';

const isOperation = (value: unknown): value is AnyOperation =>
  typeof value === 'object' && value !== null && 'id' in value && 'defaults' in value && 'audience' in value;

/** Every operation this server serves: the source of its routes, OpenAPI document and API catalogue. */
export const OPERATIONS: readonly AnyOperation[] = [platform, auth, session, dictionary].flatMap((m) => Object.values(m).filter(isOperation));
