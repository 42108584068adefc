import type { StorefrontMenuItem } from '@backroom/contracts';
import { memo } from 'react';
import { Img, RichText } from '../components/ui';
import { Link } from '../lib/router';
import { useMenu, useShop, useThemeSelect } from '../lib/theme';

/** A footer menu's links at one level, each with its own sub-list (up to three levels, issue 11 item 3). */
function FooterLinks({ items, depth }: { items: StorefrontMenuItem[]; depth: number }) {
  return (
    <ul className={depth > 1 ? 'sf-footer__sub' : undefined}>
      {items.map((it) => (
        <li key={it.url + it.title}>
          <Link href={it.url}>{it.title}</Link>
          {it.items && it.items.length > 0 && <FooterLinks items={it.items} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

/** One footer menu by handle (theme footer_menu): its title and its links, nested levels indented under their parent. */
function FooterMenu({ handle }: { handle: string }) {
  const menu = useMenu(handle || 'footer');
  if (!menu) return null;
  return (
    <nav className="sf-footer__menu" aria-label={menu.title}>
      <h3>{menu.title}</h3>
      <FooterLinks items={menu.items} depth={1} />
    </nav>
  );
}

const fillCopyright = (s: string, store: string) => s.replaceAll('{year}', String(new Date().getFullYear())).replaceAll('{store}', store);

function Payments({ icons }: { icons: { value: string }[] }) {
  const list = icons.filter((i) => i.value);
  if (!list.length) return null;
  return (
    <ul className="sf-payments" aria-label="Payment methods">
      {list.map((i) => (
        <li key={i.value}>
          <img
            src={i.value}
            alt={
              i.value
                .split('/')
                .pop()
                ?.replace(/^pay-|\.\w+$/g, '') ?? 'payment'
            }
            width={46}
            height={30}
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The footer fixed area in its two variants (theme-editor §3 Footer): newchick (`settings`: logo and size, info,
 * footer menus, info with icons, payment icons, copyright) and hydro (`block_config`: address, e-mail, mobile,
 * footer menus, payment icons, copyright, sub-copyright). `{year}` and `{store}` fill in.
 */
export const Footer = memo(function Footer({ selected }: { selected: boolean }) {
  const { boot } = useShop();
  const f = useThemeSelect((s) => s.config.pages.fixed.footer);
  const cls = `sf-footer ${selected ? 'sf-selected' : ''}`;
  if (f.settings) {
    const s = f.settings;
    return (
      <footer className={`${cls} sf-footer--newchick`} data-section-key="footer" data-section-label="Footer">
        {s.infoWithIcon.length > 0 && (
          <ul className="sf-footer__icons">
            {s.infoWithIcon.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is their identity.
              <li key={i}>
                <Img src={b.icon} w={40} h={40} />
                <div>
                  <strong>{b.title}</strong>
                  <span>{b.subTitle}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="sf-footer__cols">
          <div className="sf-footer__brand">
            {s.logo ? (
              <picture>
                <img
                  src={s.logo}
                  alt={boot.shop.name}
                  className="sf-footer__logo"
                  style={{ height: s.size_logo.desktop, ['--logo-m' as string]: `${s.size_logo.mobile}px` }}
                />
              </picture>
            ) : (
              <strong className="sf-footer__name">{boot.shop.name}</strong>
            )}
            <RichText html={s.info} />
          </div>
          {s.footer_menu.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is their identity.
            <FooterMenu key={i} handle={m.menu} />
          ))}
        </div>
        <div className="sf-footer__bottom">
          <Payments icons={s.iconPayments} />
          <p>{fillCopyright(s.copyright, boot.shop.name)}</p>
        </div>
      </footer>
    );
  }
  const b = f.block_config!;
  return (
    <footer className={`${cls} sf-footer--hydro`} data-section-key="footer" data-section-label="Footer">
      <div className="sf-footer__cols">
        <div className="sf-footer__brand">
          <strong className="sf-footer__name">{boot.shop.name}</strong>
          <ul className="sf-footer__contact">
            {b.address && <li>{b.address}</li>}
            {b.email && (
              <li>
                <a href={`mailto:${b.email}`}>{b.email}</a>
              </li>
            )}
            {b.mobile && (
              <li>
                <a href={`tel:${b.mobile.replace(/\s+/g, '')}`}>{b.mobile}</a>
              </li>
            )}
          </ul>
        </div>
        {b.footer_menu.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is their identity.
          <FooterMenu key={i} handle={m.menu} />
        ))}
      </div>
      <div className="sf-footer__bottom">
        <Payments icons={b.iconPayments} />
        <p>{fillCopyright(b.copyright, boot.shop.name)}</p>
        {b.sub_copyright && <p className="sf-footer__sub">{b.sub_copyright}</p>}
      </div>
    </footer>
  );
});
