import { type CSSProperties, useId } from 'react';

const bar: CSSProperties = {
  position: 'fixed',
  left: 12,
  right: 12,
  bottom: 12,
  zIndex: 70,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  maxWidth: 960,
  margin: '0 auto',
  padding: '14px 16px',
  background: '#111827',
  color: '#fff',
  borderRadius: 8,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.25)',
  font: '14px/1.45 system-ui, sans-serif',
};
const button: CSSProperties = {
  minHeight: 40,
  minWidth: 96,
  padding: '0 16px',
  borderRadius: 6,
  border: '1px solid #fff',
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
};

/**
 * The storefront's cookie-consent banner (issue 17 item 6: "a cookie-consent banner, when enabled in preferences,
 * holds pixels until consent"): a non-modal region at the bottom of the page with Accept and Decline. It only
 * reports the answer; the pixel loader remembers it and loads the ad networks' tags on Accept. Part of the pixel
 * chunk, so shops without the banner never download it.
 */
export function ConsentBanner({ onAnswer }: { onAnswer: (granted: boolean) => void }) {
  const textId = useId();
  return (
    <section aria-label="Cookie consent" aria-describedby={textId} style={bar} className="sf-consent">
      <p id={textId} style={{ margin: 0, flex: '1 1 320px' }}>
        We use cookies to measure our ads and improve your shopping experience. Do you accept them?
      </p>
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" style={{ ...button, background: 'transparent', color: '#fff' }} onClick={() => onAnswer(false)}>
          Decline
        </button>
        <button type="button" style={{ ...button, background: '#fff', color: '#111827' }} onClick={() => onAnswer(true)}>
          Accept
        </button>
      </div>
    </section>
  );
}
