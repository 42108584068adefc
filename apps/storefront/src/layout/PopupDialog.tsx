import { Img, RichText } from '../components/ui';
import { useThemeSelect } from '../lib/theme';
import { CloseIcon } from './icons';

/**
 * One open popup of theme-editor §3 (discount, welcome, subscribe) with the merchant's texts; `done` shows the
 * welcome popup's success title. `onClose` remembers the close for the session (Popups).
 */
export function PopupDialog({
  kind,
  done,
  onDone,
  onClose,
}: {
  kind: 'discount' | 'welcome' | 'subscribe';
  done: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const p = useThemeSelect((s) => s.config.settings.popup);
  const close = onClose;
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
                onDone();
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
                onDone();
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
