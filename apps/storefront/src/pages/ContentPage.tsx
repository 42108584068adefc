import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RichText } from '../components/ui';
import { api } from '../lib/api';
import { useShop } from '../lib/theme';
import { NotFound } from './NotFound';

/**
 * A content page at `/pages/{handle}` (spec admin-dashboard §7 Pages; issue 11 item 2), in both themes: its title and
 * rich-text body (sanitised by the server on save and on read, and by DOMPurify here). The document title is the
 * page's SEO title (else its title) with the shop name, and the meta description its SEO description. An unknown or
 * hidden page shows the not-found page.
 */
export function ContentPage({ handle }: { handle: string }) {
  const { boot } = useShop();
  const q = useQuery({ queryKey: ['page', handle], queryFn: () => api.page(handle), retry: false });
  const page = q.data;
  useEffect(() => {
    if (!page) return;
    const before = document.title;
    document.title = `${page.seoTitle || page.title} – ${boot.shop.name}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const beforeDescription = meta.content;
    meta.content = page.seoDescription;
    return () => {
      document.title = before;
      if (created) meta.remove();
      else meta.content = beforeDescription;
    };
  }, [page, boot.shop.name]);
  if (q.isError) return <NotFound />;
  return (
    <article className="sf-container sf-content" aria-busy={q.isPending}>
      <h1 className="sf-page-title">{page?.title}</h1>
      {page && <RichText html={page.bodyHtml} />}
    </article>
  );
}
