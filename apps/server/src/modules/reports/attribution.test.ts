import { describe, expect, it } from 'vitest';
import { attributionColumns, classifyReferrer } from './attribution.js';

// Referrer classes and click-id mapping of first-touch attribution (issue 17 item 1). The path from a landing URL
// through the events route to the order is in reports.test.ts.

describe('classifyReferrer', () => {
  it.each([
    [undefined, undefined, 'direct'],
    ['', undefined, 'direct'],
    ['not a url', undefined, 'direct'],
    ['https://www.google.com/search?q=tee', undefined, 'search'],
    ['https://www.bing.com/', undefined, 'search'],
    ['https://duckduckgo.com/', undefined, 'search'],
    ['https://mail.google.com/mail/u/0/', undefined, 'email'],
    ['https://outlook.live.com/', undefined, 'email'],
    ['https://l.facebook.com/l.php?u=x', undefined, 'social'],
    ['https://www.instagram.com/', undefined, 'social'],
    ['https://www.tiktok.com/@shop', undefined, 'social'],
    ['https://t.co/abc', undefined, 'social'],
    ['https://blog.example.org/post', undefined, 'other'],
    ['https://blog.example.org/post', 'Newsletter', 'email'],
    [undefined, 'email', 'email'],
  ] as const)('%s (medium %s) → %s', (referrer, medium, expected) => {
    expect(classifyReferrer(referrer, medium)).toBe(expected);
  });
});

describe('attributionColumns', () => {
  it('maps click ids to their network and fills a missing source', () => {
    expect(attributionColumns({ fbclid: 'x1' })).toMatchObject({ clickNetwork: 'facebook', utmSource: 'facebook', utmMedium: 'paid' });
    expect(attributionColumns({ ttclid: 'x2', utm_source: 'TikTok', utm_campaign: 'Spring-Drop' })).toMatchObject({
      clickNetwork: 'tiktok',
      utmSource: 'tiktok',
      utmMedium: 'paid',
      utmCampaign: 'spring-drop',
    });
    expect(attributionColumns({ gclid: 'x3', utm_medium: 'cpc' })).toMatchObject({
      clickNetwork: 'google',
      utmSource: 'google',
      utmMedium: 'cpc',
    });
  });

  it('gives all-null columns for an event without attribution', () => {
    expect(Object.values(attributionColumns({})).every((v) => v === null)).toBe(true);
  });

  it('classifies a landing without referrer as direct', () => {
    expect(attributionColumns({ landingPath: '/' })).toMatchObject({ landingPath: '/', referrerClass: 'direct', utmSource: null });
  });
});
