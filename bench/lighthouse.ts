import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { CHROMIUM_ARGS } from './page-weight';
import { servePeer } from './lib/peers';
import { startPortalServer } from './lib/server-process';

/** Runs per page and form factor; the run with the median performance score is kept (2 shared cores are noisy). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);

/** Issue 27's goals for the login route. */
const GOAL = { mobile: { performance: 90, accessibility: 100 }, desktop: { performance: 100, accessibility: 100 } };

type FormFactor = keyof typeof GOAL;

/** One Lighthouse navigation (performance and accessibility) of `url` in the Chromium on `port`. */
async function audit(url: string, port: number, formFactor: FormFactor) {
  const flags: Flags = { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string, digits = 0) => Number((audits[id]?.numericValue ?? Number.NaN).toFixed(digits));
  return {
    performance: score('performance'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift', 3),
    accessibility: score('accessibility'),
    // Audits that apply and fail (manual and not-applicable ones have a null score).
    failingA11y: (categories.accessibility?.auditRefs ?? []).map((ref) => audits[ref.id]).filter((a) => a && a.score !== null && a.score < 1).map((a) => a!.id),
    // Lighthouse's measure of this machine's speed during the run (lower: slower or busier), which scales every time above.
    benchmarkIndex: Math.round(environment.benchmarkIndex),
    ...(runtimeError ? { error: runtimeError.code } : {}),
  };
}

/** RUNS audits (one that fails, e.g. NO_NAVSTART on a busy machine, is tried again up to twice); the median by performance. */
async function medianAudit(url: string, port: number, formFactor: FormFactor) {
  const runs = [];
  for (let i = 0, failures = 0; i < RUNS; ) {
    const run = await audit(url, port, formFactor);
    if (run.error && ++failures < 3) continue;
    runs.push(run);
    i++;
  }
  return runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
}

/** Mobile (Lighthouse's default: Moto G Power, slow 4G simulated) and desktop, one after the other. */
async function bothFormFactors(url: string, port: number) {
  return { mobile: await medianAudit(url, port, 'mobile'), desktop: await medianAudit(url, port, 'desktop') };
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

/**
 * Issue 27: Lighthouse (the npm package, driving Debian's Chromium headless) on the login route,
 * mobile and desktop, beside its goals and, in the same run, two peers built from bench/peers/: a
 * minimal antd 6 login form and the same form in plain React.
 */
export async function lighthouseBench(route = '/zctgdzhwy/login') {
  const antd = await servePeer('antd-login', 8312);
  const plain = await servePeer('react-login', 8313);
  const server = await startPortalServer(8311).catch(async (error: unknown) => {
    await Promise.all([antd.stop(), plain.stop()]);
    throw error;
  });
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], logLevel: 'error' });
  try {
    const login = await bothFormFactors(server.origin + route, chrome.port);
    const antdLogin = await bothFormFactors(antd.origin + '/', chrome.port);
    const plainReactLogin = await bothFormFactors(plain.origin + '/', chrome.port);
    return {
      route,
      runs: RUNS,
      goal: GOAL,
      login,
      peers: { antdLogin, plainReactLogin },
      ratios: {
        mobilePerformanceToGoal: ratio(login.mobile.performance, GOAL.mobile.performance),
        desktopPerformanceToGoal: ratio(login.desktop.performance, GOAL.desktop.performance),
        mobilePerformanceToAntdLogin: ratio(login.mobile.performance, antdLogin.mobile.performance),
        mobilePerformanceToPlainReactLogin: ratio(login.mobile.performance, plainReactLogin.mobile.performance),
      },
    };
  } finally {
    chrome.kill();
    await Promise.all([antd.stop(), plain.stop(), server.stop()]);
  }
}
