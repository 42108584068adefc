import { acceptFromOrigin, isPreviewMessage, type PreviewConfigMessage } from '@backroom/theme';
import { flushSync } from 'react-dom';
import type { ThemeStore } from './theme';

/**
 * The frame side of the preview bridge (DESIGN.md "Preview protocol", issue 5 item 4). Listens for
 * `{type:'config', config, domain, section, scrollTo, page}` from the admin origin ONLY (exact origin match;
 * anything else, or a malformed message, is ignored), applies it synchronously (the next frame shows it: no reload,
 * no server round trip), then tells the page to switch (`onPage`). Posts `{type:'ready'}` to the parent once
 * listening. Returns a function that stops listening.
 */
export function startPreviewBridge(opts: {
  win: Window;
  adminOrigin: string;
  store: ThemeStore;
  onPage?: (msg: PreviewConfigMessage) => void;
}): () => void {
  const { win, adminOrigin, store } = opts;
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
  win.addEventListener('message', onMessage);
  if (win.parent && win.parent !== win) win.parent.postMessage({ type: 'ready' }, adminOrigin);
  return () => win.removeEventListener('message', onMessage);
}
