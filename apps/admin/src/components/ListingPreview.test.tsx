import '../test/setup-dom';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingPreview } from './ListingPreview';

afterEach(cleanup);

const base = { url: 'http://demo.localhost/pages/about-us', title: 'About us', placeholderTitle: 'Page title' };

describe('ListingPreview', () => {
  it('reads the body as words, blocks apart, when there is no SEO description', () => {
    render(
      <MantineProvider>
        <ListingPreview {...base} seoTitle="" seoDescription="" bodyHtml="<h2>Our story</h2><p>We started small.<br>Then grew.</p>" />
      </MantineProvider>,
    );
    const preview = screen.getByLabelText('Search engine listing preview');
    expect(preview.textContent).toContain('About us');
    expect(preview.textContent).toContain('Our story We started small. Then grew.');
  });

  it('prefers the SEO title and description, and shows the empty text for an empty body', () => {
    const { rerender } = render(
      <MantineProvider>
        <ListingPreview {...base} seoTitle="About | Shop" seoDescription="Who we are" bodyHtml="<p>ignored</p>" />
      </MantineProvider>,
    );
    expect(screen.getByText('About | Shop')).toBeTruthy();
    expect(screen.getByText('Who we are')).toBeTruthy();
    rerender(
      <MantineProvider>
        <ListingPreview {...base} title="" seoTitle={null} seoDescription={null} bodyHtml="" emptyText="Add a description" />
      </MantineProvider>,
    );
    expect(screen.getByText('Page title')).toBeTruthy();
    expect(screen.getByText('Add a description')).toBeTruthy();
  });
});
