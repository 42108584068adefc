import type { StorefrontProductCard } from '@backroom/contracts';
import { SECTIONS, type Section, type SectionSettings, type SectionType } from '@backroom/theme';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, type CSSProperties, memo, Suspense, useEffect, useState } from 'react';
import { EditableText, EditScope } from '../components/editable';
import {
  Countdown,
  Heading,
  Img,
  ProductCard,
  ProductGrid,
  RichText,
  useCountdownEnd,
  useProducts,
  useRemaining,
  ViewAll,
} from '../components/ui';
import { api } from '../lib/api';
import { scrimFor } from '../lib/color';
import { useBrowserValue } from '../lib/hydration';
import { FULL_SIZES, responsiveImage } from '../lib/images';
import { linkCollection, linkHref } from '../lib/links';
import { Link } from '../lib/router';
import { useShop } from '../lib/theme';

/**
 * A section renderer's props: settings, key, `first` (the page's first section: its picture is the LCP candidate,
 * fetchpriority high) and `early` (one of the first EARLY_SECTIONS: on a phone's first screen, so its pictures
 * load at once rather than lazily; issue 16 item 4, LCP).
 */
type P<T extends SectionType> = { s: SectionSettings<T>; id: string; first: boolean; early: boolean };

const PHONE = '(max-width: 767px)';
const onPhoneChange = (l: () => void) => {
  const mq = matchMedia(PHONE);
  mq.addEventListener('change', l);
  return () => mq.removeEventListener('change', l);
};
const isPhone = () => matchMedia(PHONE).matches;
const notPhone = () => false;

/**
 * Whether the viewport is a phone (< 768 px, the storefront's one breakpoint). The server cannot know: it renders
 * the desktop variant and hydration starts from it, then a phone switches (issue 16 item 1).
 */
function useIsMobile(): boolean {
  return useBrowserValue(onPhoneChange, isPhone, notPhone);
}

/**
 * head-image: a slideshow (theme-editor §3 Slide; §5 change every 1–12 s). `opacity_image` (0–100 %) is the strength
 * of the dark layer over the picture that keeps the text readable (the demo's light slides use 20 with dark text).
 *
 * Phones show the mobile slides when there are any. On the public site both lists are rendered and CSS shows the one
 * for the viewport (`sf-hero--only-*`; the server cannot know the viewport, and switching after hydration re-rendered
 * the hero, loaded the phone's pictures late and shifted the layout: issue 16 item 3). The hidden list's first
 * picture is a blank data URI for that viewport (`<source>`), so only the shown one is fetched. The editor's preview
 * frame (rendered in the browser) shows the viewport's list only, as before.
 */
function HeadImage({ s, first }: P<'head-image'>) {
  const { preview } = useShop();
  const mobile = useIsMobile();
  const hasMobile = s.content.mobile.length > 0;
  if (preview || !hasMobile) {
    const variant = mobile && hasMobile ? 'mobile' : 'desktop';
    return s.content[variant].length ? <HeroSlides s={s} first={first} variant={variant} /> : null;
  }
  return (
    <>
      {s.content.desktop.length > 0 && <HeroSlides s={s} first={first} variant="desktop" only="desktop" />}
      <HeroSlides s={s} first={first} variant="mobile" only="mobile" />
    </>
  );
}

/** A 1 × 1 transparent GIF: the picture a hidden hero list shows, so the browser fetches nothing for it. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/** One list of slides of a head-image; `only`: shown on that viewport alone (CSS), the other gets {@link BLANK}. */
function HeroSlides({
  s,
  first,
  variant,
  only,
}: Omit<P<'head-image'>, 'id' | 'early'> & { variant: 'desktop' | 'mobile'; only?: 'desktop' | 'mobile' }) {
  const slides = s.content[variant];
  const [i, setI] = useState(0);
  useEffect(() => {
    if (slides.length < 2) return;
    const t = setInterval(() => setI((x) => (x + 1) % slides.length), s.change_slides_every * 1000);
    return () => clearInterval(t);
  }, [slides.length, s.change_slides_every]);
  const cur = Math.min(i, slides.length - 1);
  return (
    <div className={only ? `sf-hero sf-hero--only-${only}` : 'sf-hero'}>
      {slides.map((sl, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id; order is their identity.
        <div key={n} className={`sf-hero__slide ${n === cur ? 'is-active' : ''}`} inert={n !== cur}>
          <picture>
            {only === 'mobile' && <source media="(min-width: 768px)" srcSet={BLANK} />}
            {only === 'desktop' ? (
              <source media="(max-width: 767px)" srcSet={BLANK} />
            ) : (
              sl.media && <source media="(max-width: 767px)" srcSet={sl.media} />
            )}
            <img
              src={sl.image || sl.media}
              srcSet={responsiveImage(sl.image || sl.media)?.srcSet}
              sizes={FULL_SIZES}
              alt=""
              className="sf-hero__img"
              loading={first && n === 0 ? 'eager' : 'lazy'}
              fetchPriority={first && n === 0 ? 'high' : undefined}
              width={1600}
              height={700}
            />
          </picture>
          <span className="sf-hero__overlay" style={heroScrim(sl, s.opacity_image / 100)} />
          {s.show_content && (
            <div className={`sf-hero__content sf-hero__content--${sl.position} ${s.text_animation && n === cur ? 'sf-animate' : ''}`}>
              <EditableText
                as="h2"
                className="sf-hero__heading"
                style={{ ['--cd' as string]: sl.heading.colorDesktop, ['--cm' as string]: sl.heading.colorMobile }}
                path={['content', variant, n, 'heading', 'content']}
                value={sl.heading.content}
              />
              <EditableText
                as="p"
                className="sf-hero__sub"
                style={{ ['--cd' as string]: sl.subHeading.colorDesktop, ['--cm' as string]: sl.subHeading.colorMobile }}
                path={['content', variant, n, 'subHeading', 'content']}
                value={sl.subHeading.content}
              />
              {sl.buttonLabel.title && (
                <Link
                  href={linkHref(sl.urlButton)}
                  className="sf-btn"
                  style={{ color: sl.buttonLabel.color, background: sl.buttonLabel.background }}
                >
                  <EditableText path={['content', variant, n, 'buttonLabel', 'title']} value={sl.buttonLabel.title} />
                </Link>
              )}
            </div>
          )}
        </div>
      ))}
      {slides.length > 1 && (
        <div className="sf-hero__dots">
          {slides.map((_, n) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position.
              key={n}
              type="button"
              aria-label={`Slide ${n + 1}`}
              aria-current={n === cur}
              className={n === cur ? 'is-active' : ''}
              onClick={() => setI(n)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** Tiles of collections: the section's blocks, or the shop's collections when it has none. */
function CollectionTiles({
  blocks,
  perRow,
  perRowMobile,
  tall,
  saleBanner,
  eager,
}: {
  blocks: { image: string; title: string; url: Parameters<typeof linkHref>[0] }[];
  perRow: number;
  perRowMobile: number;
  tall?: boolean;
  saleBanner?: boolean;
  /** On the first screen: pictures load at once (a tile is the LCP element of a page whose hero is short). */
  eager: boolean;
}) {
  const fromShop = useQuery({
    queryKey: ['collections', 12],
    queryFn: () => api.collections({ limit: 12 }),
    enabled: blocks.length === 0,
    staleTime: 60_000,
  });
  const tiles = blocks.length
    ? blocks.map((b, i) => ({ key: `${i}`, href: linkHref(b.url), title: b.title, image: b.image, block: i as number | null }))
    : (fromShop.data?.collections ?? [])
        .slice(0, perRow * 2)
        .map((c) => ({ key: c.id, href: `/collections/${c.handle}`, title: c.title, image: c.imageSrc ?? '', block: null }));
  return (
    <div
      className={`sf-tiles ${tall ? 'sf-tiles--tall' : ''}`}
      style={{ ['--cols' as string]: perRow, ['--cols-m' as string]: perRowMobile }}
    >
      {tiles.map((t) => (
        <Link key={t.key} href={t.href} className="sf-tile">
          {t.image ? (
            <img src={t.image} alt="" loading={eager ? 'eager' : 'lazy'} width={400} height={tall ? 600 : 400} />
          ) : (
            <span className="sf-card__noimg" />
          )}
          {saleBanner && <span className="sf-card__banner">SALE</span>}
          {t.block === null ? (
            <span className="sf-tile__title">{t.title}</span>
          ) : (
            <EditableText className="sf-tile__title" path={['blocks', t.block, 'title']} value={t.title} />
          )}
        </Link>
      ))}
    </div>
  );
}

/** collection_list (theme-editor §3 "Collection list settings"; §5 per row 2–6 / 2–8 newchick, mobile 2–4, limit 45–50). */
function CollectionList({ s, early = false }: { s: SectionSettings<'collection_list'>; early?: boolean }) {
  const products = useProducts({ collection: s.collection || undefined, limit: Math.min(s.limit_product, 60) });
  return (
    <div className="sf-container">
      <Heading align={s.align} path={['heading']}>
        {s.heading}
      </Heading>
      <CollectionTiles
        blocks={s.blocks}
        perRow={s.item_per_row}
        perRowMobile={s.item_per_row_mobile}
        saleBanner={s.show_sale_banners}
        eager={early}
      />
      {s.collection && (
        <>
          <ProductGrid
            products={(products.data?.products ?? []).slice(0, s.limit_product)}
            loading={products.isPending}
            perRow={s.item_per_row}
            perRowMobile={s.item_per_row_mobile}
            saleBanner={s.show_sale_banners}
          />
          <ViewAll
            href={`/collections/${s.collection}`}
            label={s.buttonLabel}
            textLink={s.isTextLink}
            align={s.align}
            path={['buttonLabel']}
          />
        </>
      )}
    </div>
  );
}

/** featured-collection (§3; §5 4–6 per row; §9 4 per row, 18 products). */
function FeaturedCollection({ s }: { s: SectionSettings<'featured-collection'> }) {
  const products = useProducts({ collection: s.collection || undefined, limit: Math.min(s.limit_product, 60) });
  return (
    <div className="sf-container">
      <Heading align={s.align} path={['heading']}>
        {s.heading}
      </Heading>
      <ProductGrid
        products={(products.data?.products ?? []).slice(0, s.limit_product)}
        loading={products.isPending}
        perRow={s.item_per_row}
        perRowMobile={2}
      />
      <ViewAll
        href={s.collection ? `/collections/${s.collection}` : '/collections/all'}
        label={s.buttonLabel}
        textLink={s.isTextLink}
        align={s.align}
        path={['buttonLabel']}
      />
    </div>
  );
}

/** feature-content: feature blocks (image, heading, content). */
function FeatureContent({ s }: P<'feature-content'>) {
  return (
    <div className="sf-container">
      <Heading align="center" path={['heading']}>
        {s.heading}
      </Heading>
      <div className="sf-features" style={{ ['--cols' as string]: Math.max(1, Math.min(4, s.blocks.length)) }}>
        {s.blocks.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is their identity.
          <div key={i} className="sf-feature">
            <Img src={b.image} w={56} h={56} />
            <EditableText as="h3" path={['blocks', i, 'heading']} value={b.heading} />
            <RichText html={b.content} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** image_with_text: rows of image + text, image left or right. */
function ImageWithText({ s }: P<'image_with_text'>) {
  return (
    <div className="sf-container">
      {s.blocks.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is their identity.
        <div key={i} className={`sf-iwt sf-iwt--${b.position}`}>
          <Img src={b.image} w={800} h={600} />
          <div className="sf-iwt__text">
            <EditableText as="h2" path={['blocks', i, 'heading']} value={b.heading} />
            <RichText html={b.content} />
            {b.show_button && b.button_label && (
              <Link href={linkHref(b.url_button)} className="sf-btn">
                <EditableText path={['blocks', i, 'button_label']} value={b.button_label} />
              </Link>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

/** product-review: the merchant's review HTML (sanitised). */
function ProductReview({ s }: P<'product-review'>) {
  return (
    <div className="sf-container sf-reviews">
      <Heading align="center" path={['heading']}>
        {s.heading}
      </Heading>
      <RichText html={s.body_html} className="sf-reviews__body" />
    </div>
  );
}

/** style-collection: tall "shop the look" tiles. */
function StyleCollection({ s, early }: P<'style-collection'>) {
  return (
    <div className="sf-container">
      <Heading align="center" path={['heading']}>
        {s.heading}
      </Heading>
      <CollectionTiles blocks={s.blocks} perRow={s.item_per_row} perRowMobile={s.item_per_row_mobile} tall eager={early} />
    </div>
  );
}

/** product_with_collection: start collection list, featured collection, end collection list (spec §2). */
function ProductWithCollection({ s, early }: P<'product_with_collection'>) {
  return (
    <>
      <EditScope path={['start_collection_list']}>
        <CollectionList s={s.start_collection_list} early={early} />
      </EditScope>
      <EditScope path={['featured_collection']}>
        <FeaturedCollection s={s.featured_collection} />
      </EditScope>
      <EditScope path={['end_collection_list']}>
        <CollectionList s={s.end_collection_list} />
      </EditScope>
    </>
  );
}

/**
 * The slide's overlay (issue 31 item 10): the theme's `opacity_image` at least, stronger where the slide's text would
 * fall below WCAG AA on some picture (heading large text 3:1, sub-heading 4.5:1), black under light text and white
 * under dark, per device (`--ov-*` of .sf-hero__overlay).
 */
function heroScrim(sl: { heading: SlideText; subHeading: SlideText }, min: number): CSSProperties {
  const one = (heading: string, sub: string) => {
    const h = scrimFor(heading, min, 3);
    const t = scrimFor(sub, min, 4.5);
    return { color: t.color, opacity: t.color === h.color ? Math.max(h.opacity, t.opacity) : t.opacity };
  };
  const d = one(sl.heading.colorDesktop, sl.subHeading.colorDesktop);
  const m = one(sl.heading.colorMobile, sl.subHeading.colorMobile);
  return {
    ['--ov-d' as string]: d.opacity,
    ['--ovc-d' as string]: d.color,
    ['--ov-m' as string]: m.opacity,
    ['--ovc-m' as string]: m.color,
  };
}
type SlideText = { colorDesktop: string; colorMobile: string };

/**
 * flash_deals: deal cards with a count-down or a collection, each with its product (issue 31 item 3): the chosen
 * product, else one of the linked collection's (a different one per card). A count-down counts to the end stored
 * in the theme (`time.getTime`; the server anchors unstamped ones to the config's save time, theme's
 * `anchorCountdowns`), the same for every shopper and visit; once it has passed the card says "Ended" or is hidden,
 * as the section's `ended` setting says.
 */
function FlashDeals({ s, id }: P<'flash_deals'>) {
  const ids = s.blocks.map((b) => b.product).filter((x) => /^[0-9a-f-]{36}$/i.test(x));
  const products = useQuery({
    queryKey: ['products-by-id', ids],
    queryFn: () => api.products({ ids: ids.join(',') } as never),
    enabled: ids.length > 0,
  });
  const byId = new Map((products.data?.products ?? []).map((p) => [p.id, p]));
  return (
    <div className="sf-container">
      <Heading align="center" path={['heading']}>
        {s.heading}
      </Heading>
      <div className="sf-deals">
        {s.blocks.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is their identity.
          <DealCard key={i} b={b} i={i} id={`${id}-${i}`} chosen={byId.get(b.product)} ended={s.ended} />
        ))}
      </div>
    </div>
  );
}

type DealBlock = SectionSettings<'flash_deals'>['blocks'][number];
/** The theme's default deal picture: tinted per card so four default deals do not look alike. */
const DEFAULT_DEAL_IMAGE = '/flash-deal.svg';

function DealCard({
  b,
  i,
  id,
  chosen,
  ended: whenEnded,
}: {
  b: DealBlock;
  i: number;
  id: string;
  chosen: StorefrontProductCard | undefined;
  ended: string;
}) {
  const coll = linkCollection(b.url);
  const list = useProducts({ collection: coll ?? undefined, limit: 12 });
  const pool = list.data?.products ?? [];
  const p = chosen ?? (pool.length ? pool[i % pool.length] : undefined);
  const countdown = b.type === 'count-down';
  const end = useCountdownEnd(b.time, id);
  const left = useRemaining(end);
  const ended = countdown && !!left?.every((x) => x === 0);
  if (ended && whenEnded === 'hide') return null;
  return (
    <div className={`sf-deal ${ended ? 'sf-deal--ended' : ''}`}>
      <Link href={linkHref(b.url)} className="sf-deal__media">
        <span
          className="sf-deal__pic"
          style={b.image.endsWith(DEFAULT_DEAL_IMAGE) ? { filter: `hue-rotate(${(i * 67) % 360}deg)` } : undefined}
        >
          <Img src={b.image} w={400} h={300} />
        </span>
        <EditableText className="sf-deal__title" path={['blocks', i, 'title']} value={b.title} />
      </Link>
      {ended ? (
        <div className="sf-deal__timer">Ended</div>
      ) : countdown ? (
        <div className="sf-deal__timer">
          <span>Ends in</span>
          <Countdown value={b.time} id={id} />
        </div>
      ) : (
        <Link href={linkHref(b.url)} className="sf-deal__timer">
          Shop {coll ? 'the collection' : 'all collections'} →
        </Link>
      )}
      {p && <ProductCard p={p} />}
    </div>
  );
}

/** slider-product: horizontal product sliders (§5 4–6 per row). */
function SliderProduct({ s }: P<'slider-product'>) {
  return (
    <div className="sf-container">
      {s.blocks.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; order is their identity.
        <SliderRow key={i} index={i} heading={b.heading} perRow={b.item_per_row} collection={b.collection} />
      ))}
    </div>
  );
}
function SliderRow({ index, heading, perRow, collection }: { index: number; heading: string; perRow: number; collection: string }) {
  const products = useProducts({ collection: collection || undefined, limit: 12 });
  return (
    <div className="sf-slider">
      <Heading path={['blocks', index, 'heading']}>{heading}</Heading>
      <div className="sf-slider__track" style={{ ['--cols' as string]: perRow }}>
        {(products.data?.products ?? []).map((p) => (
          <ProductCard key={p.id} p={p} />
        ))}
      </div>
    </div>
  );
}

/** The renderer of each of the ten section types (theme-editor §2), used by both themes. */
export const SECTION_RENDERERS: { [T in SectionType]: ComponentType<P<T>> } = {
  'head-image': HeadImage,
  collection_list: ({ s, early }) => <CollectionList s={s} early={early} />,
  'featured-collection': ({ s }) => <FeaturedCollection s={s} />,
  'feature-content': FeatureContent,
  image_with_text: ImageWithText,
  'product-review': ProductReview,
  'style-collection': StyleCollection,
  product_with_collection: ProductWithCollection,
  flash_deals: FlashDeals,
  'slider-product': SliderProduct,
};

/**
 * One home-page section, wrapped with its key (`data-section-key`: the preview's scroll, highlight and click-to-
 * select target), its type's label (`data-section-label`, shown on hover in a preview) and the edit scope of its
 * texts (`['settings']` of the section), memoised on its settings object, which structural sharing keeps stable
 * when an edit touched another section.
 */
/** How many sections from the top count as the first screen (`early`): a hero and the section under it. */
export const EARLY_SECTIONS = 2;

export const SectionView = memo(function SectionView({
  section,
  selected,
  first,
  early,
  type,
}: {
  section: Section;
  selected: boolean;
  first: boolean;
  early: boolean;
  type: string;
}) {
  const R = SECTION_RENDERERS[section.type] as ComponentType<P<SectionType>>;
  if (!R) return null;
  return (
    <section
      className={`sf-section sf-section--${section.type} sf-section--${type} ${selected ? 'sf-selected' : ''}`}
      data-section-key={section.key}
      data-section-type={section.type}
      data-section-label={SECTIONS[section.type]?.label ?? section.type}
    >
      <EditScope section={section.key} path={['settings']}>
        {/* A boundary per section: a lazy island inside it waits alone, without blanking the section. (Hydration in
            short tasks is Home's HydrateLater around each section, lib/hydration.tsx.) */}
        <Suspense fallback={null}>
          <R s={section.settings as never} id={section.key} first={first} early={early} />
        </Suspense>
      </EditScope>
    </section>
  );
});
