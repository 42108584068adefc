import { SEO_DESCRIPTION_MAX } from '@backroom/contracts';
import { Stack, Text } from '@mantine/core';

/** The words of an HTML body, blocks separated by a space ('<h2>Our story</h2><p>We…' → 'Our story We…'). */
function bodyText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|blockquote)>|<br\s*\/?>/gi, '$& ');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The search engine listing preview of a page or a product (Shopify's "Search engine listing" card): the storefront
 * address, the SEO title (else the title, else `placeholderTitle`) and the SEO description (else the body's text,
 * cut at SEO_DESCRIPTION_MAX characters, else `emptyText`). `bodyHtml` is read as text in a detached document,
 * never rendered.
 */
export function ListingPreview(props: {
  url: string;
  title: string;
  seoTitle: string | null | undefined;
  seoDescription: string | null | undefined;
  bodyHtml: string;
  placeholderTitle: string;
  emptyText?: string;
}) {
  const text = props.seoDescription || bodyText(props.bodyHtml);
  return (
    <Stack gap={2} aria-label="Search engine listing preview">
      <Text size="xs" c="dimmed" truncate>
        {props.url}
      </Text>
      <Text size="md" c="blue.8" fw={500} truncate>
        {props.seoTitle || props.title || props.placeholderTitle}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {text.slice(0, SEO_DESCRIPTION_MAX) || props.emptyText || ''}
      </Text>
    </Stack>
  );
}
