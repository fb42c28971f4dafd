import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { LOGIN_ENV, loginAs } from './lib/login';
import { startPortalServer } from './lib/server-process';

const GALLERY = '/zctgdzhwy/gateway/componentGallery/index';
const ROWS = 10_000;
const ROUNDS = 3;
const USERS = '未分配用户列表';
const ASSIGNED = '已分配用户列表';
const INSTITUTIONS = '可选第三方机构';
/** The gallery assigns two users from the start, so 9,998 are left unassigned. */
const PREASSIGNED = 2;
/** Typed one after another into a list; each changes the number of matches shown. */
const SEARCHES: Record<string, string[]> = {
  [USERS]: ['王', '王海', 'U1000050', 'U10000509', '建国', ''],
  [INSTITUTIONS]: ['上海', '上海华信', '20000050', '200000509', '信托', ''],
};

/**
 * Timing helpers installed in the page as plain script (functions compiled by tsx may carry
 * helper calls the page lacks). Each figure runs from the input event to the first frame after
 * the DOM shows the result — a rAF, then a task — so layout and paint are included.
 */
const PAGE_HELPERS = String.raw`
window.bench = (() => {
  const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const panel = (name) => document.querySelector('section[aria-label="' + name + '"]');
  const header = (name) => panel(name)?.querySelector('header')?.textContent ?? '';
  const count = (name) => Number(/共 (\d+) 项/.exec(header(name))?.[1]);
  const selected = (name) => Number(/已选 (\d+) 项/.exec(header(name))?.[1]);
  const waitFor = (done) => new Promise((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no result within 20 s')); }, 20000);
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const timed = async (act, done) => {
    const started = performance.now();
    act();
    await waitFor(done);
    await settle();
    return performance.now() - started;
  };
  const setInput = (input, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return {
    count,
    rowsInDom: (name) => panel(name).querySelectorAll('.ant-table-row').length,
    loadRows: (label, name, expected) => timed(
      () => [...document.querySelectorAll('[aria-label="数据量"] label')].find((el) => el.textContent.trim() === label).click(),
      () => count(name) === expected,
    ),
    search: async (name, text) => {
      const before = count(name);
      const ms = await timed(() => setInput(panel(name).querySelector('input[aria-label$="搜索"]'), text), () => count(name) !== before);
      return { ms, matches: count(name) };
    },
    selectAll: (name, expected) => timed(
      () => panel(name).querySelector('thead input[type="checkbox"]').click(),
      () => selected(name) === expected,
    ),
    move: (label, name, expected) => timed(
      () => [...panel(name).parentElement.querySelectorAll('button')].find((b) => b.textContent.includes(label)).click(),
      () => count(name) === expected,
    ),
  };
})();
`;

const call = <T>(page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(`window.bench.${method}(${args.map((a) => JSON.stringify(a)).join(', ')})`) as Promise<T>;

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function filterFigures(page: Page, panel: string) {
  const runs: { search: string; matches: number; ms: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const search of SEARCHES[panel] ?? []) {
      const { ms, matches } = await call<{ ms: number; matches: number }>(page, 'search', panel, search);
      runs.push({ search, matches, ms: round1(ms) });
    }
  }
  const times = runs.map((r) => r.ms);
  const sorted = [...times].sort((a, b) => a - b);
  return {
    medianMs: round1(median(times)),
    p90Ms: sorted[Math.ceil(sorted.length * 0.9) - 1] ?? 0,
    maxMs: Math.max(...times),
    firstRound: runs.slice(0, SEARCHES[panel]?.length),
  };
}

/**
 * The two transfer lists of the component gallery with 10,000 rows each, in Chromium: time to
 * render them, to filter them while typing, to select and move every row; rows kept in the DOM.
 */
export async function transferBench() {
  const server = await startPortalServer(8294, LOGIN_ENV);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // The gallery is a staff page.
    await loginAs(page, server.origin, 'admin', 'Admin1234');
    await page.goto(server.origin + GALLERY);
    await page.getByRole('region', { name: USERS }).waitFor();
    await page.evaluate(PAGE_HELPERS);
    const renderMs = await call<number>(page, 'loadRows', '10,000 条', USERS, ROWS - PREASSIGNED);
    const rowsInDom = { users: await call<number>(page, 'rowsInDom', USERS), institutions: await call<number>(page, 'rowsInDom', INSTITUTIONS) };
    const filter = { users: await filterFigures(page, USERS), institutions: await filterFigures(page, INSTITUTIONS) };
    const selectAllMs = await call<number>(page, 'selectAll', USERS, ROWS - PREASSIGNED);
    const moveAllMs = await call<number>(page, 'move', '加入右侧', ASSIGNED, ROWS);
    return {
      browser: `Chromium ${browser.version()}`,
      // Figures swing with whatever else the machine runs; these say how busy it was.
      cpus: os.cpus().length,
      loadAverage1m: round1(os.loadavg()[0] ?? 0),
      rowsPerList: ROWS,
      renderBothListsMs: round1(renderMs),
      rowsInDom,
      filter,
      filterMaxMs: Math.max(filter.users.maxMs, filter.institutions.maxMs),
      selectAllMs: round1(selectAllMs),
      moveAllRightMs: round1(moveAllMs),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
