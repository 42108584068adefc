import { onTestFinished, vi } from 'vitest';

/**
 * Records the files a screen saves through lib/download.ts `saveCsv` (jsdom has no Blob URLs and does not
 * download): each as its file name and text (read asynchronously: wait for it), in order. Call it inside a test;
 * the anchor click is restored when the test ends.
 */
export function captureDownloads(): { name: string; text: string }[] {
  const saved: { name: string; text: string }[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (b: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, b);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) {
      const entry = { name: this.download, text: '' };
      saved.push(entry);
      void blob.text().then((t) => {
        entry.text = t;
      });
    }
  });
  onTestFinished(() => click.mockRestore());
  return saved;
}
