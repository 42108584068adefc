import { editMessage, type PreviewFrameMessage, type PreviewPathStep, selectMessage } from '@backroom/theme';

/**
 * What the frame posts to the editor (issue 9 item 4): always to the admin origin only (`postMessage`'s target
 * origin), never `'*'`. Outside a frame (no parent) nothing is posted.
 */
export interface PreviewChannel {
  /** `{type:'select', section}`: the merchant clicked this section (key, or 'header' / 'footer'). */
  select(section: string): void;
  /** `{type:'edit', section, path, value}`: a plain-text setting edited in place; `path` relative to the section object. */
  edit(section: string, path: PreviewPathStep[], value: string): void;
}

/** A channel posting to `win.parent` with the admin origin as target (no-op when the page is not framed). */
export function createPreviewChannel(win: Window, adminOrigin: string): PreviewChannel {
  const post = (m: PreviewFrameMessage) => {
    if (win.parent && win.parent !== win) win.parent.postMessage(m, adminOrigin);
  };
  return {
    select: (section) => post(selectMessage(section)),
    edit: (section, path, value) => post(editMessage(section, path, value)),
  };
}
