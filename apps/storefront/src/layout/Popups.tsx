import { lazy, Suspense, useEffect, useState } from 'react';
import { session } from '../lib/storage';
import { useShop, useThemeSelect } from '../lib/theme';

type Kind = 'discount' | 'welcome' | 'subscribe';
/** The popup itself: an island loaded when a popup first opens (issue 16 item 1). */
const PopupDialog = lazy(() => import('./PopupDialog').then((m) => ({ default: m.PopupDialog })));
const ORDER: Kind[] = ['discount', 'welcome', 'subscribe'];
/** Delay before a popup opens on the public storefront, ms. */
export const POPUP_DELAY_MS = 2500;

/**
 * The popups of theme-editor §3 (discount, welcome, subscribe): the first one switched on (`isShow`) opens once per
 * visit after POPUP_DELAY_MS; closing it remembers that for the session. In a preview it opens at once while the
 * editor has the Popup group selected, so the merchant sees each edit.
 */
export function Popups() {
  const { preview } = useShop();
  const section = useThemeSelect((s) => s.section);
  const p = useThemeSelect((s) => s.config.settings.popup);
  const kind = ORDER.find((k) => p[k].isShow) ?? null;
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (preview || !kind || session.getItem(`sf-popup:${kind}`)) return;
    const t = setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => clearTimeout(t);
  }, [kind, preview]);
  const show = kind && (preview ? section === 'popup-setting' || section === 'popup' : open);
  if (!show || !kind) return null;
  const close = () => {
    session.setItem(`sf-popup:${kind}`, '1');
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <PopupDialog kind={kind} done={done} onDone={() => setDone(true)} onClose={close} />
    </Suspense>
  );
}
