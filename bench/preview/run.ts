/**
 * `npm run bench:preview` (issue 5 item 6): in Debian's Chromium, against the built app with the demo store,
 *
 * 1. edit-to-paint: a parent page on the ADMIN origin frames the demo home page (`?preview=1`, 1280×800, the
 *    desktop preview) and posts 200 setting edits, one at a time, as the editor does (the whole config each time);
 *    for each, the time from just before `postMessage` to the next painted frame in the storefront frame
 *    (a message listener registered after the bridge's → requestAnimationFrame → a task after it, i.e. after that
 *    frame's paint), on the shared clock `performance.timeOrigin + performance.now()`. Prints p50 and p95 in ms.
 *    Goal: p95 < 16 ms.
 * 2. LCP of the storefront home page on a 375 px viewport (PerformanceObserver 'largest-contentful-paint'), median
 *    of 5 cold loads (new browser context each). Goal: < 1500 ms locally.
 *
 * Writes the figures to bench/preview/RESULTS.md. Needs `npm run build` first (admin and storefront dist).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, startServer } from '../../e2e/harness.js';

const EDITS = 200;
const LCP_RUNS = 5;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const r1 = (x: number) => Math.round(x * 10) / 10;

type Cfg = {
  pages: {
    fixed: { header: { settings: { text_topbar: string } } };
    homepage: { sections: { type: string; settings: Record<string, unknown> }[] };
  };
  settings: { colors: Record<string, string>; typography: Record<string, unknown> };
};

/** The i-th edit: a rotating mix of what a merchant changes — colours, texts, sizes, a section heading. */
function edit(base: Cfg, i: number): Cfg {
  const c = structuredClone(base);
  const hex = `#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
  switch (i % 5) {
    case 0:
      c.settings.colors.color_price = hex;
      break;
    case 1:
      c.pages.fixed.header.settings.text_topbar = `Free shipping on orders over $${50 + i}`;
      break;
    case 2:
      c.settings.typography.font_size_product = 12 + (i % 8);
      break;
    case 3: {
      const s = c.pages.homepage.sections.find((x) => typeof x.settings.heading === 'string');
      if (s) s.settings.heading = `Best sellers ${i}`;
      break;
    }
    default:
      c.settings.colors.footer_background = hex;
  }
  return c;
}

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  const storefront = server.storefront('demo');
  try {
    const boot = await server.app.inject({ method: 'GET', url: '/api/storefront/shop', headers: { host: new URL(storefront).host } });
    const base = (boot.json() as { theme: { config: Cfg } }).theme.config;

    // 1. edit-to-paint
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/api/health`);
    await page.evaluate((src) => {
      const w = window as unknown as { ready: boolean };
      w.ready = false;
      window.addEventListener('message', (e) => {
        if ((e.data as { type?: string })?.type === 'ready') w.ready = true;
      });
      document.body.innerHTML = `<iframe id="pv" src="${src}" style="width:1280px;height:800px;border:0"></iframe>`;
    }, `${storefront}/?preview=1`);
    await page.waitForFunction(() => (window as unknown as { ready: boolean }).ready);
    const frame = page.frames().find((f) => f.url().includes('preview=1'))!;
    await frame.waitForSelector('[data-section-key]');
    await frame.waitForLoadState('networkidle');
    await frame.evaluate(() => {
      const w = window as unknown as { samples: number[]; parts: number[][] };
      w.samples = [];
      w.parts = [];
      // Registered after the bridge's listener, so it runs once the bridge has applied the config synchronously.
      window.addEventListener('message', (e) => {
        const t0 = (e.data as { t0?: number })?.t0;
        if (typeof t0 !== 'number') return;
        const applied = performance.timeOrigin + performance.now();
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            const t = performance.timeOrigin + performance.now();
            w.parts.push([applied - t0, t - applied]);
            w.samples.push(t - t0);
          };
          ch.port2.postMessage(null);
        });
      });
    });
    for (let i = 0; i < EDITS; i++) {
      const cfg = edit(base, i);
      await page.evaluate(
        ({ c, target, page: p }) => {
          const msg = { type: 'config', config: c, domain: new URL(target).host, section: null, scrollTo: null, page: p, t0: 0 };
          msg.t0 = performance.timeOrigin + performance.now();
          (document.getElementById('pv') as HTMLIFrameElement).contentWindow!.postMessage(msg, target);
        },
        { c: cfg, target: storefront, page: 'home' },
      );
      await frame.waitForFunction((n) => (window as unknown as { samples: number[] }).samples.length >= n, i + 1, { polling: 20 });
    }
    // Each edit starts from the published config, so the page must now show the last edit (a footer colour).
    const want = edit(base, EDITS - 1).settings.colors.footer_background ?? '';
    const shown = await frame.evaluate(() => getComputedStyle(document.querySelector('.sf')!).getPropertyValue('--c-footer-bg').trim());
    if (EDITS % 5 !== 0 || shown.toLowerCase() !== want.toLowerCase())
      throw new Error(`the preview did not apply the edits: ${shown} instead of ${want}`);
    const samples = await frame.evaluate(() => (window as unknown as { samples: number[] }).samples);
    const parts = await frame.evaluate(() => (window as unknown as { parts: number[][] }).parts);
    const applies = await frame.evaluate(() => performance.getEntriesByName('sf-preview-apply').map((e) => e.duration));
    const applyLine = `bridge apply (performance.measure 'sf-preview-apply', ${applies.length} edits) p50 ${r1(pct(applies, 50))} / p95 ${r1(pct(applies, 95))} ms`;
    console.log(`  ${applyLine}`);
    const part = (k: number) => parts.map((x) => x[k]!);
    const breakdown = `posted → applied (delivery to the frame + bridge + synchronous React render) p50 ${r1(pct(part(0), 50))} / p95 ${r1(pct(part(0), 95))} ms; applied → painted frame p50 ${r1(pct(part(1), 50))} / p95 ${r1(pct(part(1), 95))} ms`;
    console.log(`  ${breakdown}`);
    await ctx.close();

    // 2. LCP at 375 px, cold loads
    const lcps: number[] = [];
    for (let i = 0; i < LCP_RUNS; i++) {
      const c = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const p = await c.newPage();
      await p.addInitScript(() => {
        const w = window as unknown as { lcp: number };
        w.lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await p.goto(storefront, { waitUntil: 'load' });
      await p.waitForTimeout(1500);
      lcps.push(await p.evaluate(() => (window as unknown as { lcp: number }).lcp));
      await c.close();
    }

    const out = {
      editP50: r1(pct(samples, 50)),
      editP95: r1(pct(samples, 95)),
      editMax: r1(Math.max(...samples)),
      lcpMedian: Math.round(pct(lcps, 50)),
      lcpRuns: lcps.map(Math.round),
    };
    console.log(`edit-to-paint over ${samples.length} edits: p50 ${out.editP50} ms, p95 ${out.editP95} ms (max ${out.editMax} ms)`);
    const perKind: string[] = [];
    const kinds = ['price colour', 'top-bar text', 'product font size', 'section heading', 'footer colour'];
    for (const [k, name] of kinds.entries()) {
      const xs = samples.filter((_, i) => i % kinds.length === k);
      perKind.push(`${name}: p50 ${r1(pct(xs, 50))} ms, p95 ${r1(pct(xs, 95))} ms`);
      console.log(`  ${perKind.at(-1)}`);
    }
    console.log(`LCP 375px home, median of ${LCP_RUNS}: ${out.lcpMedian} ms (runs ${out.lcpRuns.join(', ')})`);
    const md = `# Preview and storefront speed (\`npm run bench:preview\`)

Measured ${new Date().toISOString().slice(0, 10)} on this machine, Debian Chromium headless, demo shop \`demo\` (FASHION), built app.

| Figure | Result | Goal |
|---|---|---|
| Edit → next painted frame, p50 (${samples.length} edits, desktop preview 1280×800) | ${out.editP50} ms | |
| Edit → next painted frame, p95 | ${out.editP95} ms | < 16 ms |
| Edit → next painted frame, max | ${out.editMax} ms | |
| Home page LCP at 375 × 667, median of ${LCP_RUNS} cold loads | ${out.lcpMedian} ms (runs: ${out.lcpRuns.join(', ')}) | < 1500 ms |

Machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} during the run (other work shares the machine: the tail of the edit figures moves with it).

Breakdown: ${breakdown}; ${applyLine}.

Reading: the storefront's own work per edit is the bridge apply figure (validation of the envelope, structural
sharing of the new config, a synchronous React render of only the parts that changed). The rest is Chromium
delivering the message to the out-of-process frame (the preview is another site) and the wait for that frame's next
vsync — 0 to 16.7 ms at 60 Hz for an edit posted at a random moment — so p95 under 16 ms is not reachable by the
renderer alone on this machine; p50 is.

Per kind of edit: ${perKind.join('; ')}.

How: see the comment at the top of \`bench/preview/run.ts\`. Edits rotate through a colour, the top-bar text, a
font size, a section heading and the footer colour; each posts the whole config as the editor does.
`;
    const file = join(import.meta.dirname, 'RESULTS.md');
    writeFileSync(file, md);
    // Keep the file as the repository's formatter (Biome) wants it, so `npm run lint` stays green after a run.
    spawnSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' });
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
