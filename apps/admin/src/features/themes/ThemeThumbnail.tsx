import { Box, Skeleton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { memo, useState } from 'react';
import { themeStorefrontUrl } from './storefront';

/** Width of the desktop page a thumbnail shows, CSS px (scaled down to the card). */
const PAGE_WIDTH = 1280;
const PAGE_HEIGHT = 800;

/**
 * A live thumbnail of a theme (issue 9 item 1): the shop's storefront showing THAT theme
 * (`?preview=1&preview_theme_id=`) in a 1280×800 frame scaled to the card's width. Not interactive: the frame is
 * inert and hidden from assistive technology (the card's name says what it is), loaded lazily.
 */
export const ThemeThumbnail = memo(function ThemeThumbnail({
  origin,
  themeId,
  name,
}: {
  origin: string | null;
  themeId: string;
  name: string;
}) {
  const { ref, width } = useElementSize();
  const [loaded, setLoaded] = useState(false);
  const scale = width > 0 ? width / PAGE_WIDTH : 0;
  return (
    <Box
      ref={ref}
      pos="relative"
      style={{
        aspectRatio: `${PAGE_WIDTH} / ${PAGE_HEIGHT}`,
        overflow: 'hidden',
        borderRadius: 8,
        background: 'var(--mantine-color-gray-1)',
      }}
      aria-hidden
    >
      {!loaded && <Skeleton pos="absolute" inset={0} radius={8} animate />}
      {origin && scale > 0 && (
        <div inert style={{ position: 'absolute', inset: 0 }}>
          <iframe
            title={`${name} thumbnail`}
            src={themeStorefrontUrl(origin, themeId, { frame: true })}
            loading="lazy"
            tabIndex={-1}
            onLoad={() => setLoaded(true)}
            style={{
              width: PAGE_WIDTH,
              height: PAGE_HEIGHT,
              border: 0,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              pointerEvents: 'none',
              opacity: loaded ? 1 : 0,
              transition: 'opacity 200ms ease',
            }}
          />
        </div>
      )}
    </Box>
  );
});
