import { DEFAULT_API_BASE, DEFAULT_CUSTOMER_PREFIX, DEFAULT_GATEWAY_PREFIX, operationPath, type AnyOperation } from '@portal/shared';

/** An operation's path as a server on the default configuration serves it (the benchmarks start such servers). */
export const apiPath = (op: AnyOperation) =>
  DEFAULT_API_BASE + operationPath(op, { customerPrefix: DEFAULT_CUSTOMER_PREFIX, gatewayPrefix: DEFAULT_GATEWAY_PREFIX });
