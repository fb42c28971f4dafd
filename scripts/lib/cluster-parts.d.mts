// Types of cluster-parts.mjs for the TypeScript that imports it (bench/scale/).
import type { ChildProcess, StdioOptions } from 'node:child_process';

type Env = Record<string, string | undefined>;
type Log = (line: string) => void;
export interface Child {
  label: string;
  child: ChildProcess;
  /** How it ended: the signal, `code N`, or the spawn error. */
  exited: Promise<string>;
}

export const ROOT: string;
export const HAPROXY: string;
export const TEMPLATE: string;
export const SERVER: string[];
export const READINESS: string;
export function ensureBuilt(log: Log, options?: { web?: boolean }): void;
export function serverCommand(name: string, env: Env, stdio?: StdioOptions): void;
export function prepareStores(env: Env, options?: { seed?: boolean; log?: Log; stdio?: StdioOptions }): void;
export function haproxyConfig(template: string, bind: string, servers: [string, string][], madeBy?: string): string;
export function startChild(label: string, file: string, argv: string[], env: Env, output?: { out?: Log; err?: Log }): Child;
export function gone(p: Child): boolean;
export function httpStatus(url: string): Promise<number>;
export function waitReady(what: string, url: string, timeoutMs: number, dead: () => boolean, stopping?: () => boolean): Promise<void>;
