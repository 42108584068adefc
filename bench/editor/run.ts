/**
 * `npm run bench:editor` (issue 9 item 7): the theme editor's speed in Debian's Chromium, against the built app with
 * the demo store (FASHION theme of the shop `demo`), signed in as the demo owner.
 *
 * 1. Keystroke → painted preview, with 50 and with 200 sections on the home page: the editor opens on a Featured
 *    Collection near the top; 200 real keystrokes (`page.keyboard.type`, one character at a time) are typed into
 *    its "Heading" field. For each, the time from the keydown event (`performance.timeOrigin + event.timeStamp`, the
 *    moment Chromium created the input event) to the next painted frame of the preview that shows the new text
 *    (a MutationObserver on that section in the frame → requestAnimationFrame → a task after it, i.e. after that
 *    frame's paint), on the shared clock `performance.timeOrigin + performance.now()` (same machine, same clock).
 *    One keystroke at a time: the next is typed once the previous one is painted. Prints p50 / p95 / max.
 *    Goals: p95 ≤ 33 ms (two frames at 60 Hz) at 50 sections, ≤ 50 ms at 200.
 * 2. The longest main-thread task (PerformanceObserver 'longtask', tasks ≥ 50 ms are reported) in the editor page
 *    and in the preview frame while typing, and while dragging a section of the sidebar list with the mouse, at 200
 *    sections. Goal: no task over 50 ms. That is wall time, which on a shared machine includes the time the OS gave
 *    to other processes, so the drag and 50 more keystrokes also run under a Chromium trace, which gives each task's
 *    CPU (thread) time too.
 * 3. The editor route's JavaScript: every script the admin origin sends from opening the editor URL until the
 *    editor is ready (app shell + the editor's lazy chunks; "ready" = the preview's handshake, the performance mark
 *    `br:editor-ready` the editor sets then; scripts whose request started before it), gzip-compressed (zlib level 9,
 *    as Vite reports it). Goal: ≤ 350 KB. Also printed: the scripts loaded after it by the end of the run (the
 *    settings panels, which the editor loads once the preview is ready).
 *
 * Writes bench/editor/RESULTS.md. Needs `npm run build` first (admin and storefront dist).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ADDABLE_SECTIONS, fillDefaults, newSection, type Section, type ThemeConfig } from '@backroom/theme';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { stores, themeConfigs, themes } from '../../apps/server/src/db/schema/index.js';
import { type E2eServer, launchBrowser, signIn, startServer } from '../../e2e/harness.js';

const KEYSTROKES = 200;
const SIZES = [50, 200] as const;
const GOALS = { p95At50: 33, p95At200: 50, longTaskMs: 50, jsGzipKb: 350 };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};
const r1 = (x: number) => Math.round(x * 10) / 10;

/** The demo FASHION theme and its newest config. */
async function demoTheme(server: E2eServer) {
  const [shop] = await server.db.select().from(stores).where(eq(stores.handle, 'demo'));
  const [theme] = await server.db
    .select()
    .from(themes)
    .where(and(eq(themes.storeId, shop!.id), eq(themes.type, 'newchick')));
  const [row] = await server.db
    .select()
    .from(themeConfigs)
    .where(eq(themeConfigs.themeId, theme!.id))
    .orderBy(desc(themeConfigs.version))
    .limit(1);
  return { shop: shop!, theme: theme!, row: row! };
}

/**
 * Saves a new config version whose home page has `n` sections: the demo's own sections first, then every addable
 * newchick section type in turn (a realistic mix, product grids included), with a Featured Collection second so
 * the edited section is near the top. Returns the key of that Featured Collection.
 */
async function saveHomeWith(server: E2eServer, n: number): Promise<{ key: string; themeId: string }> {
  const { shop, theme, row } = await demoTheme(server);
  const config = fillDefaults(structuredClone(row.config), 'newchick') as ThemeConfig;
  const own = config.pages.homepage.sections.filter((s) => s.type !== 'featured-collection');
  const target = newSection('featured-collection', 'newchick') as Section;
  (target.settings as { heading: string }).heading = 'Featured';
  const list: Section[] = [own[0] ?? (newSection('head-image', 'newchick') as Section), target, ...own.slice(1)];
  const types = ADDABLE_SECTIONS.newchick;
  for (let i = 0; list.length < n; i++) list.push(newSection(types[i % types.length]!, 'newchick') as Section);
  config.pages.homepage.sections = list.slice(0, n).map((s, index) => ({ ...s, index }));
  await server.db.insert(themeConfigs).values({
    themeId: theme.id,
    storeId: shop.id,
    version: row.version + 1 + n,
    config,
    schemaVersion: row.schemaVersion,
  });
  return { key: target.key, themeId: theme.id };
}

/** Long tasks of every frame, recorded from the first script on (context init script). */
const LONGTASK_INIT = () => {
  const w = window as unknown as { __longtasks: { start: number; duration: number }[] };
  w.__longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longtasks.push({ start: performance.timeOrigin + e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Not supported: no figures.
  }
};

/** Longest task (ms) of the page and of its preview frame between two times (shared clock); 0 when none ≥ 50 ms. */
async function longestTask(page: Page, from: number, to: number): Promise<{ editor: number; preview: number }> {
  const of = async (f: { evaluate: Page['evaluate'] }) => {
    const tasks = await f.evaluate(() => (window as unknown as { __longtasks: { start: number; duration: number }[] }).__longtasks ?? []);
    return Math.max(0, ...tasks.filter((t) => t.start + t.duration >= from && t.start <= to).map((t) => t.duration));
  };
  const frame = page.frames().find((f) => f.url().includes('preview=1'));
  return { editor: r1(await of(page)), preview: frame ? r1(await of(frame)) : Number.NaN };
}

const now = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now());

/** A traced task: wall time and the main thread's own CPU time (ms). */
interface TracedTask {
  wall: number;
  cpu: number;
}

/**
 * Runs `fn` under a Chromium trace and answers the renderer main threads' (`CrRendererMain`: the editor and the
 * preview frame) longest task by wall time and the task with the most CPU time (the trace's thread time `tdur`). On
 * a shared machine a task's wall time includes the time the OS gave to other processes; its CPU time does not.
 */
async function tracedLongest(browser: Browser, page: Page, fn: () => Promise<void>): Promise<{ byWall: TracedTask; byCpu: TracedTask }> {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await fn();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }[];
  };
  const main = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = traceEvents
    .filter((e) => e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wall: r1((e.dur ?? 0) / 1000), cpu: r1((e.tdur ?? 0) / 1000) }));
  const none = { wall: 0, cpu: 0 };
  return {
    byWall: tasks.reduce((a, b) => (b.wall > a.wall ? b : a), none),
    byCpu: tasks.reduce((a, b) => (b.cpu > a.cpu ? b : a), none),
  };
}

/** Longest tasks (ms) by the pages' long-task observers, and by a Chromium trace (wall and CPU time). */
interface Longest {
  editor: number;
  preview: number;
  traced?: { byWall: TracedTask; byCpu: TracedTask };
}

interface Run {
  sections: number;
  samples: number[];
  typing: Longest;
  drag?: Longest;
  jsGzipKb?: number;
  jsFiles?: number;
  laterGzipKb?: number;
  laterFiles?: number;
}

async function runOnce(server: E2eServer, n: number, measureJs: boolean): Promise<Run> {
  const { key, themeId } = await saveHomeWith(server, n);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US' });
    // tsx keeps function names with a `__name` helper that evaluated callbacks carry into the page: define it there.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    await context.addInitScript(LONGTASK_INIT);
    const page = await context.newPage();
    await signIn(page, server.url, 'owner@demo.test', 'backroom-demo', 'Demo Fashion');

    // The editor route's JavaScript: every script of the admin origin from the editor URL until it is ready.
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      const url = res.url();
      if (res.request().resourceType() === 'script' && url.startsWith(server.url) && !scripts.has(url)) {
        scripts.set(
          url,
          res
            .body()
            .then((b) => gzipSync(b, { level: 9 }).length)
            .catch(() => 0),
        );
      }
    });
    await page.goto(`${server.url}/admin/themes/editor/${themeId}`);
    const frameEl = page.locator('iframe[title="Storefront preview"]');
    await frameEl.waitFor();
    const frame = (await frameEl.elementHandle())!.contentFrame();
    const f = (await frame)!;
    await f.waitForSelector(`[data-section-key="${key}"]`, { timeout: 60_000 });
    await page.getByText('Loading preview…').waitFor({ state: 'detached', timeout: 60_000 });
    // The scripts requested before the editor was ready (its performance mark), by address.
    await page.waitForFunction(() => performance.getEntriesByName('br:editor-ready').length > 0);
    const atReady = await page.evaluate(() => {
      const ready = performance.getEntriesByName('br:editor-ready')[0]!.startTime;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= ready)
        .map((e) => e.name);
    });

    // Open the Featured Collection's panel and put the caret at the end of its heading.
    await page.locator(`[data-section-key="${key}"] .br-section-open`).click();
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true }).first();
    await heading.waitFor();
    await heading.click();
    await page.keyboard.press('End');
    await f.waitForFunction((k) => !!document.querySelector(`[data-section-key="${k}"]`), key);
    await f.evaluate((k) => {
      const w = window as unknown as { __painted: { text: string; t: number }[] };
      w.__painted = [];
      const section = document.querySelector(`[data-section-key="${k}"]`)!;
      const text = () => section.querySelector('.sf-heading')?.textContent ?? '';
      let last = text();
      new MutationObserver(() => {
        const now = text();
        if (now === last) return;
        last = now;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => w.__painted.push({ text: now, t: performance.timeOrigin + performance.now() });
          ch.port2.postMessage(null);
        });
      }).observe(section, { subtree: true, childList: true, characterData: true });
    }, key);
    await page.evaluate(() => {
      const w = window as unknown as { __keys: number[] };
      w.__keys = [];
      window.addEventListener('keydown', (e) => w.__keys.push(performance.timeOrigin + e.timeStamp), true);
    });

    // 1. Keystrokes, one at a time.
    const t0 = await now(page);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.type(letters[i % letters.length]!);
      await f.waitForFunction((c) => (window as unknown as { __painted: unknown[] }).__painted.length >= c, i + 1, { polling: 'raf' });
    }
    const t1 = await now(page);
    const keys = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
    const painted = await f.evaluate(() => (window as unknown as { __painted: { text: string; t: number }[] }).__painted);
    if (keys.length !== KEYSTROKES || painted.length !== KEYSTROKES) {
      throw new Error(`expected ${KEYSTROKES} keystrokes and paints, got ${keys.length} and ${painted.length}`);
    }
    const last = painted.at(-1)!.text;
    const typed = Array.from({ length: KEYSTROKES }, (_, i) => letters[i % letters.length]).join('');
    if (!last.endsWith(typed)) throw new Error(`the preview does not show the typed heading: …${last.slice(-40)}`);
    const samples = keys.map((k, i) => painted[i]!.t - k);
    const typing: Run['typing'] = await longestTask(page, t0, t1);
    // 50 more keystrokes under a trace (apart from the measured ones: tracing slows the page a little), for the
    // CPU time of the longest tasks.
    typing.traced = await tracedLongest(browser, page, async () => {
      for (let i = 0; i < 50; i++) {
        await page.keyboard.type(letters[i % letters.length]!);
        await f.waitForFunction((c) => (window as unknown as { __painted: unknown[] }).__painted.length >= c, KEYSTROKES + i + 1, {
          polling: 'raf',
        });
      }
    });

    // 2. Drag a section of the sidebar list with the mouse (200 sections only).
    let drag: Run['drag'];
    if (n === 200) {
      await page.getByRole('button', { name: 'Back' }).first().click();
      const handles = page.locator('button[aria-label^="Drag to reorder"]');
      await handles.nth(3).waitFor();
      const from = (await handles.nth(3).boundingBox())!;
      const to = (await handles.nth(10).boundingBox())!;
      const d0 = await now(page);
      const traced = await tracedLongest(browser, page, async () => {
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        const steps = 40;
        for (let s = 1; s <= steps; s++) {
          await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - from.y) * s) / steps + from.height / 2);
          await page.waitForTimeout(16);
        }
        await page.mouse.up();
        await page.waitForTimeout(500);
      });
      drag = { ...(await longestTask(page, d0, await now(page))), traced };
    }

    const run: Run = { sections: n, samples, typing, drag };
    if (measureJs) {
      const kb = async (urls: string[]) => r1((await Promise.all(urls.map((u) => scripts.get(u)!))).reduce((a, b) => a + b, 0) / 1024);
      const early = new Set(atReady.filter((u) => scripts.has(u)));
      const later = [...scripts.keys()].filter((u) => !early.has(u));
      run.jsGzipKb = await kb([...early]);
      run.jsFiles = early.size;
      run.laterGzipKb = await kb(later);
      run.laterFiles = later.length;
    }
    await context.close();
    return run;
  } finally {
    await browser.close();
  }
}

/** A traced pass in words: the longest task (wall / CPU ms) and the one with the most CPU. */
const traced = (l: Longest) =>
  l.traced
    ? `longest task ${l.traced.byWall.wall} ms wall / ${l.traced.byWall.cpu} ms CPU; most CPU ${l.traced.byCpu.cpu} ms (${l.traced.byCpu.wall} ms wall)`
    : 'not traced';

async function main() {
  // The editor never reads orders: a few demo orders instead of the seed's thousands (a faster start).
  const server = await startServer({ demoOrders: 40 });
  const runs: Run[] = [];
  try {
    for (const n of SIZES) {
      const run = await runOnce(server, n, n === SIZES[0]);
      runs.push(run);
      const s = run.samples;
      console.log(
        `${n} sections: keystroke → painted preview over ${s.length} keystrokes: p50 ${r1(pct(s, 50))} ms, p95 ${r1(pct(s, 95))} ms, max ${r1(Math.max(...s))} ms; longest task while typing: editor ${run.typing.editor} ms, preview ${run.typing.preview} ms`,
      );
      console.log(`${n} sections: traced while typing 50 more: ${traced(run.typing)}`);
      if (run.drag) {
        console.log(
          `${n} sections: longest task while dragging: editor ${run.drag.editor} ms, preview ${run.drag.preview} ms; traced: ${traced(run.drag)}`,
        );
      }
      if (run.jsGzipKb !== undefined) {
        console.log(
          `editor route JavaScript: ${run.jsGzipKb} KB gzip in ${run.jsFiles} files until ready; then ${run.laterGzipKb} KB in ${run.laterFiles} files (settings panels)`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  const [a, b] = runs as [Run, Run];
  const ok = (x: boolean) => (x ? 'met' : '**missed**');
  const longTyping = Math.max(b.typing.editor, b.typing.preview, a.typing.editor, a.typing.preview);
  const longDrag = Math.max(b.drag?.editor ?? 0, b.drag?.preview ?? 0);
  const md = `# Theme editor speed (\`npm run bench:editor\`)

Measured ${new Date().toISOString().slice(0, 10)} on this machine, Debian Chromium headless, demo shop \`demo\` (FASHION), built app,
signed in as the demo owner, desktop preview.

| Figure | Result | Goal | |
|---|---|---|---|
| Keystroke → painted preview, p50, 50 sections (${a.samples.length} keystrokes) | ${r1(pct(a.samples, 50))} ms | | |
| Keystroke → painted preview, p95, 50 sections | ${r1(pct(a.samples, 95))} ms | ≤ ${GOALS.p95At50} ms | ${ok(pct(a.samples, 95) <= GOALS.p95At50)} |
| Keystroke → painted preview, p50, 200 sections (${b.samples.length} keystrokes) | ${r1(pct(b.samples, 50))} ms | | |
| Keystroke → painted preview, p95, 200 sections | ${r1(pct(b.samples, 95))} ms | ≤ ${GOALS.p95At200} ms | ${ok(pct(b.samples, 95) <= GOALS.p95At200)} |
| Longest main-thread task while typing, 50 / 200 sections (editor, preview frame; wall time) | ${a.typing.editor}, ${a.typing.preview} / ${b.typing.editor}, ${b.typing.preview} ms | ≤ ${GOALS.longTaskMs} ms | ${ok(longTyping <= GOALS.longTaskMs)} |
| Most CPU time in one main-thread task while typing 50 more keystrokes (traced), 50 / 200 sections | ${a.typing.traced?.byCpu.cpu} / ${b.typing.traced?.byCpu.cpu} ms | ≤ ${GOALS.longTaskMs} ms | ${ok(Math.max(a.typing.traced?.byCpu.cpu ?? 0, b.typing.traced?.byCpu.cpu ?? 0) <= GOALS.longTaskMs)} |
| Longest main-thread task while dragging a section, 200 sections (editor / preview frame; wall time) | ${b.drag?.editor} / ${b.drag?.preview} ms | ≤ ${GOALS.longTaskMs} ms | ${ok(longDrag <= GOALS.longTaskMs)} |
| Most CPU time in one main-thread task while dragging (traced), 200 sections | ${b.drag?.traced?.byCpu.cpu} ms | ≤ ${GOALS.longTaskMs} ms | ${ok((b.drag?.traced?.byCpu.cpu ?? 0) <= GOALS.longTaskMs)} |
| Editor route JavaScript until ready, gzip (${a.jsFiles} files) | ${a.jsGzipKb} KB | ≤ ${GOALS.jsGzipKb} KB | ${ok((a.jsGzipKb ?? Number.POSITIVE_INFINITY) <= GOALS.jsGzipKb)} |
| Then loaded after ready: the settings panels, gzip (${a.laterFiles} files) | ${a.laterGzipKb} KB | | |

Max keystroke → paint: ${r1(Math.max(...a.samples))} ms at 50 sections, ${r1(Math.max(...b.samples))} ms at 200. Wall-time long tasks come from the
pages' long-task observers ("0" = no task reached 50 ms, the long-task threshold); CPU times from a Chromium trace of
the renderer main threads (a task's thread time, which excludes the time the OS gave to other processes). Traced
longest tasks: typing at 50 sections ${traced(a.typing)}; at 200 ${traced(b.typing)}; dragging ${b.drag ? traced(b.drag) : 'not run'}.

Machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} at the end of the run (other work shares the machine: the tails move with it).

How: see the comment at the top of \`bench/editor/run.ts\`.
`;
  const file = join(import.meta.dirname, 'RESULTS.md');
  writeFileSync(file, md);
  spawnSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' });
  console.log(`written ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
