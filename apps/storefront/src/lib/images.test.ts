import { describe, expect, it } from 'vitest';
import { responsiveImage } from './images';

describe('responsiveImage (issue 16 item 2)', () => {
  const base = '/uploads/11111111-2222-3333-4444-555555555555/media/66666666-7777-8888-9999-000000000000';
  it('lists every web size the server made below an upload’s own width, with its intrinsic size', () => {
    expect(responsiveImage(`${base}_1500x1000.webp`)).toEqual({
      srcSet: `${base}_480w.webp 480w, ${base}_960w.webp 960w, ${base}_1500x1000.webp 1500w`,
      width: 1500,
      height: 1000,
    });
    expect(responsiveImage(`${base}_300x200.webp`)?.srcSet).toBe(`${base}_300x200.webp 300w`);
  });
  it('gives nothing for other addresses (SVG theme pictures, outside images)', () => {
    expect(responsiveImage('/theme-assets/slide-1.svg')).toBeNull();
    expect(responsiveImage('https://cdn.example.com/a_100x100.webp')).toBeNull();
    expect(responsiveImage(`${base}_480w.webp`)).toBeNull();
  });
});
