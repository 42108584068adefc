/**
 * The part of jsdom (a root dev dependency, shipped without types) the server tests use: a DOMParser that parses
 * XML strictly (feeds.test.ts parses the Google feed with it; a malformed document yields a `parsererror`).
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
