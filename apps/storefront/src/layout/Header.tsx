import type { StorefrontMenuItem } from '@backroom/contracts';
import { memo, useEffect, useState } from 'react';
import { CurrencySelect } from '../components/currency';
import { EditableText, EditScope } from '../components/editable';
import { Img } from '../components/ui';
import { itemCount, useCart } from '../lib/cart';
import { linkHref } from '../lib/links';
import { Link, navigate } from '../lib/router';
import { useMenu, useShop, useThemeSelect } from '../lib/theme';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from './icons';

/** Rotates through search suggestions every `seconds` (theme-editor §3 element search, §5 1–5 s). */
function useRotating(list: string[], seconds: number): string {
  const [i, setI] = useState(0);
  useEffect(() => {
    if (list.length < 2) return;
    const t = setInterval(() => setI((x) => x + 1), Math.max(1, seconds) * 1000);
    return () => clearInterval(t);
  }, [list.length, seconds]);
  return list.length ? list[i % list.length]! : '';
}

function SearchBox({ mobile }: { mobile?: boolean }) {
  const s = useThemeSelect((t) => t.config.settings.element.search);
  const suggestion = useRotating(s.suggestion_list.map((x) => x.value).filter(Boolean), s.time_change_suggestion);
  const [q, setQ] = useState('');
  return (
    <form
      className={`sf-search ${mobile ? 'sf-search--mobile' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        navigate(`/search?q=${encodeURIComponent(q || suggestion)}`);
      }}
    >
      <SearchIcon />
      <input
        type="search"
        aria-label="Search products"
        placeholder={suggestion ? `Search "${suggestion}"` : 'Search'}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
    </form>
  );
}

/**
 * A menu's links, up to three levels (issue 11 item 3): `basic` shows the top level only (Element menu_basic),
 * `mega` adds drop-downs with the second level and the third indented inside them, `drawer` (the mobile menu) shows
 * every level as indented lists, always open.
 */
function MenuLinks({ items, variant }: { items: StorefrontMenuItem[]; variant: 'basic' | 'mega' | 'drawer' }) {
  return (
    <ul className={`sf-menu sf-menu--${variant}`}>
      {items.map((it) => (
        <li key={it.url + it.title}>
          <Link href={it.url}>{it.title}</Link>
          {variant !== 'basic' && it.items && it.items.length > 0 && (
            <ul className="sf-menu__sub">
              {it.items.map((c) => (
                <li key={c.url + c.title}>
                  <Link href={c.url}>{c.title}</Link>
                  {c.items && c.items.length > 0 && (
                    <ul className="sf-menu__sub3">
                      {c.items.map((g) => (
                        <li key={g.url + g.title}>
                          <Link href={g.url}>{g.title}</Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The header fixed area (theme-editor §3 Header, both variants): top bar (show_top_bar, text_topbar, topbar_url,
 * newchick top-bar images), logo (desktop/mobile images and sizes, centred on mobile), main menu (basic or with
 * sub-menus, Element menu_basic), search (input on desktop; icon or input with rotating suggestions on mobile),
 * account icon (hydro), currency selector, cart with its count.
 */
export const Header = memo(function Header({ selected }: { selected: boolean }) {
  const { boot, cart } = useShop();
  const type = useThemeSelect((s) => s.type);
  const h = useThemeSelect((s) => s.config.pages.fixed.header.settings);
  const el = useThemeSelect((s) => s.config.settings.element);
  const currencyOn = useThemeSelect((s) => s.config.settings.currency.enabled_currency);
  const menu = useMenu(h.main_menu);
  const count = itemCount(useCart(cart));
  const [drawer, setDrawer] = useState(false);
  const [mobileSearch, setMobileSearch] = useState(false);
  const logo = (src: string, size: number, cls: string) =>
    src ? (
      <img src={src} alt={boot.shop.name} className={cls} style={{ height: size }} />
    ) : (
      <span className={`sf-logo__text ${cls}`} style={{ fontSize: Math.max(16, size * 0.5) }}>
        {boot.shop.name}
      </span>
    );
  return (
    <header className={`sf-header ${selected ? 'sf-selected' : ''}`} data-section-key="header" data-section-label="Header">
      <EditScope section="header" path={['settings']}>
        {h.show_top_bar && (
          <div className="sf-topbar">
            {type === 'newchick' && (h.image_topbar || h.image_topbar_mobile) ? (
              <Link href={linkHref(h.topbar_url)} className="sf-topbar__img">
                <picture>
                  {h.image_topbar_mobile && <source media="(max-width: 767px)" srcSet={h.image_topbar_mobile} />}
                  <Img src={h.image_topbar || h.image_topbar_mobile} alt={h.text_topbar} />
                </picture>
              </Link>
            ) : null}
            {h.text_topbar && (
              <Link href={linkHref(h.topbar_url)} className="sf-announcement">
                <EditableText path={['text_topbar']} value={h.text_topbar} />
              </Link>
            )}
          </div>
        )}
        <div className={`sf-header__main ${h.center_logo_on_mobile ? 'sf-header__main--center' : ''}`}>
          <button type="button" className="sf-iconbtn sf-only-mobile" aria-label="Open menu" onClick={() => setDrawer(true)}>
            <MenuIcon />
          </button>
          <Link href="/" className="sf-logo" aria-label={`${boot.shop.name} home`}>
            <span className="sf-only-desktop">{logo(h.logo_desktop, h.size_logo.desktop, 'sf-logo__d')}</span>
            <span className="sf-only-mobile">{logo(h.logo_mobile || h.logo_desktop, h.size_logo.mobile, 'sf-logo__m')}</span>
          </Link>
          <nav className="sf-nav sf-only-desktop" aria-label="Main menu">
            {menu && <MenuLinks items={menu.items} variant={el.menu_basic ? 'basic' : 'mega'} />}
          </nav>
          <div className="sf-header__tools">
            {h.enable_search && (
              <div className="sf-only-desktop">
                <SearchBox />
              </div>
            )}
            {h.enable_search && el.search.type_search_in_mobile === 'icon' && (
              <button type="button" className="sf-iconbtn sf-only-mobile" aria-label="Search" onClick={() => setMobileSearch((x) => !x)}>
                <SearchIcon />
              </button>
            )}
            {currencyOn && <CurrencySelect />}
            {type === 'hydro' && h.isShowAccount && (
              <span className="sf-iconbtn" title="Account" role="img" aria-label="Account">
                <UserIcon />
              </span>
            )}
            <Link href="/cart" className="sf-iconbtn sf-cartbtn" aria-label={`Cart, ${count} items`}>
              <CartIcon />
              {count > 0 && <span className="sf-cartbtn__count">{count}</span>}
            </Link>
          </div>
        </div>
        {h.enable_search && (el.search.type_search_in_mobile === 'input' || mobileSearch) && (
          <div className="sf-only-mobile sf-header__msearch">
            <SearchBox mobile />
          </div>
        )}
        {drawer && (
          <div className="sf-drawer" role="dialog" aria-modal="true" aria-label="Menu">
            <div className="sf-drawer__panel">
              <button type="button" className="sf-iconbtn" aria-label="Close menu" onClick={() => setDrawer(false)}>
                <CloseIcon />
              </button>
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: closing the drawer after a link click; links are keyboard reachable. */}
              <nav aria-label="Mobile menu" onClick={() => setDrawer(false)}>
                {menu && <MenuLinks items={menu.items} variant="drawer" />}
              </nav>
            </div>
            <button type="button" className="sf-drawer__scrim" aria-label="Close menu" onClick={() => setDrawer(false)} />
          </div>
        )}
      </EditScope>
    </header>
  );
});
