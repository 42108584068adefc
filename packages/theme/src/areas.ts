/**
 * The fixed page areas (spec theme-editor §2 header and footer entries, §3 Header and Footer), each in its two
 * variants. The footer variant decides the theme type (spec §1: newchick when the footer has `settings`):
 * newchick keeps its footer under `settings`, hydro under `block_config` (the "block-config form" of §3).
 */
import { blocks, checkbox, type Fields, group, image, link, menuRef, number, richtext, text } from './vocabulary.js';

/** Logo size in px (spec §9 defaults: desktop 50, mobile 32), shared by the header and the newchick footer. */
const logoSize = () =>
  group({
    label: 'Logo size',
    fields: {
      desktop: number({ label: 'Desktop', default: 50, min: 8, max: 200, unit: 'px' }),
      mobile: number({ label: 'Mobile', default: 32, min: 8, max: 200, unit: 'px' }),
    },
  });

/** The footer's menu list, the same in both footer variants. */
const footerMenus = () =>
  blocks({
    label: 'Footer menus',
    itemLabel: 'Menu',
    block: { menu: menuRef({ label: 'Menu' }) },
    default: [{ menu: 'footer' }],
    newBlock: { menu: '' },
  });

/** Payment icons (spec §3 iconPayments {value}; §9: a new icon starts empty), defaulting to the named shipped icons. */
const paymentIcons = (names: string[]) =>
  blocks({
    label: 'Payment icons',
    itemLabel: 'Payment icon',
    block: { value: image({ label: 'Icon' }) },
    default: names.map((n) => ({ value: `/theme-assets/pay-${n}.svg` })),
    newBlock: { value: '' },
  });

/** Header settings; fields tagged with one theme belong to that variant only (spec §3 Header). */
export const HEADER_FIELDS = {
  show_top_bar: checkbox({ label: 'Show top bar', default: true }),
  text_topbar: text({ label: 'Top bar text', default: 'Free shipping on orders over $50' }),
  topbar_url: link({ label: 'Top bar link' }),
  image_topbar: image({ label: 'Top bar image (desktop)', themes: ['newchick'] }),
  image_topbar_mobile: image({ label: 'Top bar image (mobile)', themes: ['newchick'] }),
  enable_search: checkbox({ label: 'Enable search', default: true }),
  isShowAccount: checkbox({ label: 'Show account icon', default: true, themes: ['hydro'] }),
  logo_desktop: image({ label: 'Logo (desktop)' }),
  logo_mobile: image({ label: 'Logo (mobile)' }),
  size_logo: logoSize(),
  main_menu: menuRef({ label: 'Main menu', default: 'main-menu' }),
  center_logo_on_mobile: checkbox({ label: 'Center logo on mobile', default: false, themeDefaults: { newchick: true } }),
} as const satisfies Fields;

/** The newchick footer (`footer.settings`, spec §3 Footer). */
export const FOOTER_NEWCHICK_FIELDS = {
  logo: image({ label: 'Logo' }),
  size_logo: logoSize(),
  info: richtext({ label: 'Info', default: '<p>Everyday fashion, delivered.</p>' }),
  footer_menu: footerMenus(),
  infoWithIcon: blocks({
    label: 'Info with icon',
    itemLabel: 'Info',
    block: {
      icon: image({ label: 'Icon' }),
      title: text({ label: 'Title', default: 'High-quality Goods' }),
      subTitle: text({ label: 'Sub-title', default: 'Enjoy top quality items for less' }),
    },
    default: [
      { icon: '/theme-assets/icon-quality.svg', title: 'High-quality Goods', subTitle: 'Enjoy top quality items for less' },
      { icon: '/theme-assets/icon-shipping.svg', title: 'Fast Delivery', subTitle: 'Tracked shipping on every order' },
      { icon: '/theme-assets/icon-support.svg', title: 'Friendly Support', subTitle: 'We answer within 24 hours' },
    ],
    newBlock: { icon: '', title: 'High-quality Goods', subTitle: 'Enjoy top quality items for less' },
  }),
  iconPayments: paymentIcons(['visa', 'mastercard', 'amex', 'paypal']),
  copyright: text({ label: 'Copyright', default: '© {year} {store}. All rights reserved.' }),
} as const satisfies Fields;

/** The hydro footer's block-config form (`footer.block_config`, spec §3 Footer). */
export const FOOTER_HYDRO_FIELDS = {
  address: text({ label: 'Address', default: '' }),
  email: text({ label: 'E-mail', default: '' }),
  mobile: text({ label: 'Mobile', default: '' }),
  footer_menu: footerMenus(),
  iconPayments: paymentIcons(['visa', 'mastercard', 'paypal']),
  copyright: text({ label: 'Copyright', default: '© {year} {store}' }),
  sub_copyright: text({ label: 'Sub-copyright', default: 'All rights reserved.' }),
} as const satisfies Fields;
