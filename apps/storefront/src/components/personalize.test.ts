import type { StorefrontPersonalize } from '@backroom/contracts';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PersonalizedImage } from './personalize';

/** A Name text field at the centre; `images` ties it to some pictures (issue 19: a print area's mockups). */
const def = (images?: string[]): NonNullable<StorefrontPersonalize> => ({
  fonts: [],
  fields: [
    {
      id: 'name',
      type: 'text',
      label: 'Name',
      required: true,
      maxLength: 10,
      placeholder: '',
      fontId: null,
      color: '#000000',
      fontSize: 60,
      align: 'center',
      x: 50,
      y: 50,
      ...(images ? { images } : {}),
    },
  ],
});
const draw = (src: string, images?: string[]) =>
  renderToString(createElement(PersonalizedImage, { src, alt: 'Tee', def: def(images), values: { name: 'MAYA' } }));

describe('PersonalizedImage: which pictures a field is drawn on', () => {
  it('draws a field without pictures on every picture', () => {
    expect(draw('/uploads/front.webp')).toContain('MAYA');
    expect(draw('/uploads/back.webp')).toContain('MAYA');
  });

  it('draws a field tied to the front mockups on those only, not on the back', () => {
    const front = ['/uploads/white-front.webp', '/uploads/black-front.webp'];
    expect(draw('/uploads/black-front.webp', front)).toContain('MAYA');
    expect(draw('/uploads/black-back.webp', front)).not.toContain('MAYA');
  });
});
