import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Milliseconds spent per named step of this request (`timed`), in the order first timed. */
    stepTimings?: Map<string, number>;
  }
}

/**
 * Runs `work` as the step `name` of the request and adds its duration to the step's total
 * (a step timed twice, such as two hashes, counts once with both durations).
 */
export async function timed<T>(request: FastifyRequest, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const timings = (request.stepTimings ??= new Map());
    timings.set(name, (timings.get(name) ?? 0) + performance.now() - started);
  }
}

/**
 * The standard `Server-Timing` header (W3C Server Timing) with each timed step and `total`, the
 * server's time since the request arrived. Set on successful answers only: a refusal's steps
 * would tell a guesser which check stopped it.
 */
export function sendServerTiming(request: FastifyRequest, reply: FastifyReply) {
  const steps = [...(request.stepTimings ?? [])].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`);
  reply.header('server-timing', [...steps, `total;dur=${reply.elapsedTime.toFixed(1)}`].join(', '));
}
