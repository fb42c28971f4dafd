import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * A query string's values never reach the log: a ticket, token or secret sent by mistake in a URL
 * would otherwise sit in every log store the lines are shipped to. The names stay, for debugging.
 */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=[redacted]`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/** pino options for the server: JSON lines, secrets out of headers and URLs. */
export function loggerOptions(config: Config): NonNullable<FastifyServerOptions['logger']> {
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.rev', 'req.headers.cookie'],
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactQuery(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
}
