import { useEffect, useState } from 'react';
import { Img, RichText } from '../components/ui';
import { session } from '../lib/storage';
import { useShop, useThemeSelect } from '../lib/theme';
import { CloseIcon } from './icons';

type Kind = 'discount' | 'welcome' | 'subscribe';
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
  const c = p[kind];
  return (
    <div className="sf-popup" role="dialog" aria-modal="true" aria-labelledby="sf-popup-title">
      <div className={`sf-popup__box sf-popup__box--${kind}`}>
        <button type="button" className="sf-iconbtn sf-popup__close" aria-label="Close" onClick={close}>
          <CloseIcon />
        </button>
        {kind === 'discount' && <Img src={p.discount.image} className="sf-popup__img" />}
        <div className="sf-popup__body">
          <h2 id="sf-popup-title">{done && kind === 'welcome' ? p.welcome.successTitle : c.title}</h2>
          {kind === 'discount' && <p className="sf-popup__sub">{p.discount.subTitle}</p>}
          <RichText html={c.content} />
          {kind === 'welcome' && <p className="sf-popup__code">{p.welcome.code}</p>}
          {kind !== 'welcome' ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setDone(true);
                close();
              }}
            >
              <input
                type="email"
                required
                aria-label="E-mail"
                placeholder={kind === 'discount' ? p.discount.placeholder : 'Enter your e-mail'}
              />
              <button type="submit" className="sf-btn">
                {c.button}
              </button>
            </form>
          ) : (
            <button
              type="button"
              className="sf-btn"
              onClick={() => {
                void navigator.clipboard?.writeText(p.welcome.code).catch(() => {});
                setDone(true);
              }}
            >
              {c.button}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
