import fs from 'node:fs';
import path from 'node:path';
import { HAPROXY, READINESS, SERVER, TEMPLATE, gone, haproxyConfig, startChild, waitReady, type Child } from '../../scripts/lib/cluster-parts.mjs';
import { freePort } from './stores';

interface Instance {
  n: number;
  port: number;
  process: Child;
}

/** A line of a child's output to its log file; haproxy's state changes also to `events`. */
function logTo(file: string) {
  const stream = fs.createWriteStream(file, { flags: 'a' });
  return { write: (line: string) => stream.write(`${new Date().toISOString()} ${line}\n`), close: () => new Promise((r) => stream.end(r)) };
}

/**
 * `size` production instances of the compiled server behind Debian's haproxy on
 * deploy/haproxy.cfg (its bind and server lines replaced, as `npm run cluster` does), on
 * `balancerPort`. Instance and haproxy output goes to files in `logDir`. An instance can be killed
 * with SIGKILL and started again on its port; `stop` ends the instances with SIGTERM (they drain),
 * then haproxy.
 */
export async function startPortal(options: { size: number; balancerPort: number; env: Record<string, string | undefined>; logDir: string; configDir: string; onHaproxyLine?: (line: string) => void }) {
  const { size, balancerPort, env, logDir, configDir } = options;
  const logs = new Map<string, ReturnType<typeof logTo>>();
  const logOf = (name: string) => logs.get(name) ?? logs.set(name, logTo(path.join(logDir, `${name}.log`))).get(name)!;
  const launch = (n: number, port: number): Instance => {
    const log = logOf(`instance-${n}`);
    return { n, port, process: startChild(`instance ${n}`, process.execPath, SERVER, { ...env, PORT: String(port) }, { out: log.write, err: log.write }) };
  };
  const instances: Instance[] = [];
  for (let n = 1; n <= size; n++) instances.push(launch(n, await freePort()));
  let balancer: Child | null = null;
  const ready = (i: Instance, timeoutMs: number) => waitReady(i.process.label, `http://127.0.0.1:${i.port}${READINESS}`, timeoutMs, () => gone(i.process));

  const stop = async () => {
    const live = instances.filter((i) => !gone(i.process));
    for (const i of live) i.process.child.kill('SIGTERM');
    const hung = setTimeout(() => live.forEach((i) => i.process.child.kill('SIGKILL')), 30_000);
    await Promise.all(instances.map((i) => i.process.exited));
    clearTimeout(hung);
    if (balancer && !gone(balancer)) balancer.child.kill('SIGTERM');
    await balancer?.exited;
    await Promise.all([...logs.values()].map((l) => l.close()));
  };

  try {
    await Promise.all(instances.map((i) => ready(i, 90_000)));
    const config = path.join(configDir, `haproxy-${size}.cfg`);
    const servers = instances.map((i): [string, string] => [`instance${i.n}`, `127.0.0.1:${i.port}`]);
    fs.writeFileSync(config, haproxyConfig(fs.readFileSync(TEMPLATE, 'utf8'), `127.0.0.1:${balancerPort}`, servers, 'bench/scale (npm run test:scale)'));
    const log = logOf('haproxy');
    const line = (l: string) => {
      log.write(l);
      options.onHaproxyLine?.(l);
    };
    balancer = startChild('haproxy', HAPROXY, ['-db', '-f', config], env, { out: line, err: line });
    await waitReady('haproxy', `http://127.0.0.1:${balancerPort}${READINESS}`, 30_000, () => gone(balancer!));
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    origin: `http://127.0.0.1:${balancerPort}`,
    size,
    pids: () => [...instances.map((i) => i.process.child.pid), balancer?.child.pid],
    /** The fault: SIGKILL to instance `n`; resolves once it is gone. */
    async kill(n: number) {
      const i = instances[n - 1]!;
      i.process.child.kill('SIGKILL');
      await i.process.exited;
    },
    /** Starts instance `n` again on its port; resolves with the milliseconds until its readiness answered 200. */
    async restart(n: number) {
      const old = instances[n - 1]!;
      const started = performance.now();
      instances[n - 1] = launch(n, old.port);
      await ready(instances[n - 1]!, 60_000);
      return performance.now() - started;
    },
    stop,
  };
}
export type Portal = Awaited<ReturnType<typeof startPortal>>;
