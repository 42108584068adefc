// The storefront imports the limits alone (a value import of the package index would bundle every zod schema).
import { COLLECTION_PAGE_SIZE } from '@backroom/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { FilterBar, filterQuery } from '../components/filters';
import { Img, ProductGrid, RichText, useProducts } from '../components/ui';
import { api } from '../lib/api';
import { linkHref } from '../lib/links';
import { Link, navigate } from '../lib/router';
import { useTheme } from '../lib/theme';
import { NotFound } from './NotFound';

/** The collections page: every collection of the shop as a tile with its product count. */
export function CollectionsPage() {
  const q = useQuery({ queryKey: ['collections', 100], queryFn: () => api.collections({ limit: 100 }) });
  return (
    <div className="sf-container">
      <h1 className="sf-page-title">Collections</h1>
      <div className="sf-tiles" style={{ ['--cols' as string]: 4, ['--cols-m' as string]: 2 }}>
        {(q.data?.collections ?? []).map((c) => (
          <Link key={c.id} href={`/collections/${c.handle}`} className="sf-tile">
            {c.imageSrc ? <img src={c.imageSrc} alt="" loading="lazy" width={400} height={400} /> : <span className="sf-card__noimg" />}
            <span className="sf-tile__title">
              {c.title} <small>({c.productsCount})</small>
            </span>
          </Link>
        ))}
      </div>
    </div>
  );
}

const SORTS = [
  ['manual', 'Featured'],
  ['newest', 'Newest'],
  ['price-asc', 'Price, low to high'],
  ['price-desc', 'Price, high to low'],
  ['title-asc', 'Alphabetically, A-Z'],
] as const;

/**
 * The category page: one collection's products (`/collections/{handle}`, or every product for `all`), sorted and
 * paged, under the category banner (theme-editor §3 "Category banner": show_banner, show_title_button, banner
 * desktop/mobile, url).
 */
export function CategoryPage({ handle, search }: { handle: string; search: URLSearchParams }) {
  const { config } = useTheme();
  const cat = config.settings.category;
  const all = handle === 'all';
  const coll = useQuery({ queryKey: ['collection', handle], queryFn: () => api.collection(handle), enabled: !all, retry: false });
  const sort = search.get('sort') ?? 'manual';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const filters = filterQuery(search);
  const products = useProducts({ collection: all ? undefined : handle, sort, page, limit: COLLECTION_PAGE_SIZE, filters });
  if (!all && coll.isError) return <NotFound />;
  const title = all ? 'All products' : (coll.data?.title ?? '');
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / COLLECTION_PAGE_SIZE));
  const go = (o: { sort?: string; page?: number }) =>
    navigate(`/collections/${handle}?sort=${o.sort ?? sort}&page=${o.page ?? 1}${filters ? `&${filters}` : ''}`);
  return (
    <div className="sf-category">
      {cat.show_banner && (cat.banner_desktop || cat.banner_mobile) && (
        <div className="sf-banner">
          <picture>
            {cat.banner_mobile && <source media="(max-width: 767px)" srcSet={cat.banner_mobile} />}
            <Img src={cat.banner_desktop || cat.banner_mobile} eager w={1600} h={400} />
          </picture>
          {cat.show_title_button && (
            <div className="sf-banner__content">
              <h1>{title}</h1>
              <Link href={linkHref(cat.url)} className="sf-btn">
                Shop now
              </Link>
            </div>
          )}
        </div>
      )}
      <div className="sf-container">
        {!(cat.show_banner && cat.show_title_button) && <h1 className="sf-page-title">{title}</h1>}
        {coll.data?.description && <RichText html={coll.data.description} />}
        <FilterBar handle={handle} search={search} />
        <div className="sf-toolbar">
          <span>{total} products</span>
          <label>
            Sort by{' '}
            <select value={sort} onChange={(e) => go({ sort: e.target.value })}>
              {SORTS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ProductGrid products={products.data?.products ?? []} loading={products.isPending} perRow={4} perRowMobile={2} aboveFold />
        {pages > 1 && (
          <nav className="sf-pager" aria-label="Pages">
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <button key={n} type="button" aria-current={n === page ? 'page' : undefined} onClick={() => go({ page: n })}>
                {n}
              </button>
            ))}
          </nav>
        )}
      </div>
    </div>
  );
}

/** Search results for `?q=` (the header search). */
export function SearchPage({ search }: { search: URLSearchParams }) {
  const q = search.get('q') ?? '';
  const products = useProducts({ search: q, limit: 48 });
  return (
    <div className="sf-container">
      <h1 className="sf-page-title">Search: “{q}”</h1>
      <ProductGrid products={products.data?.products ?? []} loading={products.isPending} perRow={4} perRowMobile={2} aboveFold />
    </div>
  );
}
