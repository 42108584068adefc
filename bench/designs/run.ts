/**
 * Print render benchmark (issue 19 item 7: "a 3600 × 4800 px print render takes under 5 s on this machine").
 *
 * Renders the front of a tee design — a 12 × 16 in area at 300 DPI — the way the `designs.render` job does
 * (modules/designs render.ts with @napi-rs/canvas, then `encodePng`: sharp at zlib level 1): a full-bleed photo (a 3000 × 4000 px upload
 * whose kept original — a PNG, as print artwork usually is — is read from the media storage and decoded), a red banner, a rotated ellipse, a curved "Est. 2026" in Poppins 700,
 * a three-line paragraph with letter spacing and a shopper field filled with "MAYA". Prints the wall time of each
 * step and the total per run (ms), the PNG's size, and whether the goal (< 5000 ms total) is met.
 *
 * Usage: npm run bench:designs [-- --runs N]   (default 3 runs; the first includes font registration)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type DesignDocument, defaultDocument, inToMm, type Layer } from '@backroom/design';
import sharp from 'sharp';
import type { Db } from '../../apps/server/src/db/client.js';
import { fontSource } from '../../apps/server/src/modules/designs/fonts.js';
import { encodePng, imageSource, renderSurface } from '../../apps/server/src/modules/designs/render.js';
import { LocalMediaStorage } from '../../apps/server/src/modules/media/index.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const GOAL_MS = 5000;

const base = { name: '', rotation: 0, opacity: 1, locked: false, hidden: false };
const textStyle = {
  fontFamily: 'Poppins',
  fontId: null,
  fontWeight: 700,
  italic: false,
  color: '#ffffff',
  align: 'center' as const,
  letterSpacing: 0,
  lineHeight: 1.2,
  curveRadius: 0,
};

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-designs-'));
  try {
    const storage = new LocalMediaStorage(dir);
    // A 3000 × 4000 photo-like picture (blurred noise: compresses like a photo) stored as the shop's upload.
    const raw = await sharp({
      create: { width: 3000, height: 4000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    // Stored as saveUpload stores it: the 1920 px web copy the admin shows and the original kept for print (the
    // uploaded PNG itself), which the print render reads (issue 19: print DPI is the original's).
    const blurred = sharp(raw).blur(4);
    const store = '00000000-0000-4000-8000-000000000001';
    const id = '00000000-0000-4000-8000-000000000002';
    await storage.put(`${store}/media/${id}_1920x2560.webp`, await blurred.clone().resize(1920).webp({ quality: 80 }).toBuffer());
    const original = await blurred.clone().png().toBuffer();
    await storage.put(`${store}/media/${id}.orig`, original);
    const doc: DesignDocument = defaultDocument('print_hub');
    const W = inToMm(12);
    const layers: Layer[] = [
      {
        ...base,
        id: 'photo',
        type: 'image',
        uploadId: null,
        src: `/uploads/${store}/media/${id}_1920x2560.webp`,
        pixelWidth: 3000,
        pixelHeight: 4000,
        crop: null,
        x: 0,
        y: 0,
        width: W,
        height: inToMm(16),
      },
      {
        ...base,
        id: 'banner',
        type: 'shape',
        shape: 'rect',
        fill: '#c8102e',
        stroke: '#ffffff',
        strokeWidth: 2,
        cornerRadius: 6,
        x: 20,
        y: 30,
        width: W - 40,
        height: 60,
      },
      {
        ...base,
        id: 'ring',
        type: 'shape',
        shape: 'ellipse',
        fill: null,
        stroke: '#ffffff',
        strokeWidth: 4,
        cornerRadius: 0,
        x: 60,
        y: 120,
        width: 180,
        height: 120,
        rotation: 15,
        opacity: 0.8,
      },
      {
        ...base,
        ...textStyle,
        id: 'est',
        type: 'text',
        text: 'Est. 2026',
        fontSize: 96,
        curveRadius: 160,
        x: 50,
        y: 150,
        width: W - 100,
        height: 60,
      },
      {
        ...base,
        ...textStyle,
        id: 'para',
        type: 'text',
        text: 'Made by hand in a small town by people who love good coffee and long walks',
        fontSize: 28,
        letterSpacing: 2,
        align: 'left',
        fontWeight: 400,
        x: 30,
        y: 260,
        width: W - 60,
        height: 80,
      },
      {
        ...base,
        ...textStyle,
        id: 'name',
        type: 'field',
        key: 'name',
        label: 'Name',
        maxLength: 10,
        required: true,
        sample: 'ALEX',
        fontSize: 140,
        x: 20,
        y: 330,
        width: W - 40,
        height: 70,
      },
    ];
    doc.surfaces[0]!.layers = layers;
    const surface = doc.surfaces[0]!;
    console.log(
      `print render bench: ${surface.width.toFixed(1)} × ${surface.height.toFixed(1)} mm at ${surface.dpi} DPI, ${layers.length} layers; ` +
        `photo read from its kept original (PNG 3000 × 4000, ${(original.length / 1e6).toFixed(1)} MB)`,
    );
    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const fonts = fontSource(null as unknown as Db, storage, 'bench'); // theme fonts only: the database is never read
    // Each run renders twice: from the original (what the job does) and, as the same-run baseline, from the 1920 px
    // web copy (what it did before originals were kept): their ratio is the original's cost on a noisy machine.
    for (let run = 1; run <= Number(args.runs); run++) {
      const totals: number[] = [];
      for (const [label, images] of [
        ['original', imageSource(storage, store)],
        ['web copy (baseline)', imageSource(storage)],
      ] as const) {
        const rc = { fonts, images, values: { name: 'MAYA' }, fallback: 'empty' as const };
        const t0 = performance.now();
        const canvas = await renderSurface(surface, doc, rc);
        const t1 = performance.now();
        const png = await encodePng(canvas);
        const t2 = performance.now();
        const meta = await sharp(png).metadata();
        totals.push(t2 - t0);
        console.log(
          `run ${run}, ${label}: draw ${(t1 - t0).toFixed(0)} ms (image decode included) + PNG encode ${(t2 - t1).toFixed(0)} ms = ` +
            `${(t2 - t0).toFixed(0)} ms → ${meta.width} × ${meta.height} px, ${(png.length / 1e6).toFixed(1)} MB` +
            (label === 'original' ? `; goal < ${GOAL_MS} ms: ${t2 - t0 < GOAL_MS ? 'met' : 'MISSED'}` : ''),
        );
      }
      console.log(`run ${run}: original / web copy = ${(totals[0]! / totals[1]!).toFixed(2)} (load ${loadavg()[0]!.toFixed(1)})`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
