import { acceptFromOrigin, isPreviewMessage, type PreviewConfigMessage } from '@backroom/theme';
import { flushSync } from 'react-dom';
import { createPreviewChannel, type PreviewChannel } from './preview-channel';
import type { ThemeStore } from './theme';

export { createPreviewChannel, type PreviewChannel };

/**
 * The frame side of the preview bridge (DESIGN.md "Preview protocol", issue 5 item 4, issue 9 item 4). Listens for
 * `{type:'config', config, domain, section, scrollTo, page}` from the admin origin ONLY (exact origin match;
 * anything else, or a malformed message, is ignored), applies it synchronously (the next frame shows it: no reload,
 * no server round trip), then tells the page to switch (`onPage`). Posts `{type:'ready'}` to the parent once
 * listening.
 *
 * In the page (`doc`), a click is the merchant choosing what to edit, not shopping: it posts
 * `{type:'select', section}` for the section (or header / footer) under it through `channel`, and links and form
 * submissions do not navigate (capture phase, so it runs before the page's own handlers, which see
 * `defaultPrevented`). Returns a function that stops listening.
 */
export function startPreviewBridge(opts: {
  win: Window;
  adminOrigin: string;
  store: ThemeStore;
  onPage?: (msg: PreviewConfigMessage) => void;
  /** Where select messages go; default: a channel to `win.parent`. */
  channel?: PreviewChannel;
  /** The page whose clicks select sections; default `win.document`. */
  doc?: Document;
}): () => void {
  const { win, adminOrigin, store } = opts;
  const channel = opts.channel ?? createPreviewChannel(win, adminOrigin);
  const doc = opts.doc ?? (win as Partial<Window>).document;
  const onMessage = (e: MessageEvent) => {
    if (!acceptFromOrigin(e.origin, adminOrigin)) return;
    if (!isPreviewMessage(e.data) || e.data.type !== 'config') return;
    const msg = e.data;
    const t = performance.now();
    flushSync(() => store.apply(msg));
    // Applying (bridge + React render) is measured for bench/preview: entries named 'sf-preview-apply'.
    performance.measure('sf-preview-apply', { start: t });
    opts.onPage?.(msg);
  };
  const onClick = (e: Event) => {
    const target = e.target as Element | null;
    if (!target || typeof target.closest !== 'function') return;
    if (target.closest('a[href], area[href]')) e.preventDefault();
    const section = target.closest<HTMLElement>('[data-section-key]')?.dataset.sectionKey;
    if (section) channel.select(section);
  };
  const onSubmit = (e: Event) => e.preventDefault();
  win.addEventListener('message', onMessage);
  doc?.addEventListener('click', onClick, true);
  doc?.addEventListener('submit', onSubmit, true);
  if (win.parent && win.parent !== win) win.parent.postMessage({ type: 'ready' }, adminOrigin);
  return () => {
    win.removeEventListener('message', onMessage);
    doc?.removeEventListener('click', onClick, true);
    doc?.removeEventListener('submit', onSubmit, true);
  };
}
