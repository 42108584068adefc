import type { LineItemProperty, PersonalizeField, StorefrontPersonalize } from '@backroom/contracts';
import { PERSONALIZE_PHOTO_MAX_BYTES } from '@backroom/contracts/limits';
import { useEffect, useId, useState } from 'react';
import { ApiError, api } from '../lib/api';

/**
 * Personalised products on the storefront (spec admin-dashboard §7 Personalisation; issue 11 item 4): the shopper
 * fills the product's text and photo fields, sees them drawn live on the product picture in the shop's fonts, and
 * the values go into the cart line as `properties` ({name: the field's label, value}) that the checkout checks and
 * the order keeps. Geometry as in the admin preview (ARCHITECTURE "Personalisation"): positions in % of the
 * picture, a text's size in px at a 1000 px wide picture.
 */

/** Width of the drawing's coordinate space (the contract's fontSize is px at a 1000 px wide picture). */
const VIEW_W = 1000;
/** CSS family of a shop font (the admin uses the same name). */
const familyOf = (fontId: string) => `bk-font-${fontId}`;

/** What the shopper entered, by field id: the text typed, or the address of the uploaded photo. */
export type PersonalizeValues = Record<string, string>;

/**
 * Registers the personalisation's fonts (FontFace API, same origin `/uploads/…`) and re-renders when each has
 * loaded, so the drawing switches from the fallback to the shop's font. A font that fails is ignored.
 */
function useShopFonts(fonts: NonNullable<StorefrontPersonalize>['fonts']): void {
  const [, setLoaded] = useState(0);
  const key = fonts.map((f) => f.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the fonts' ids.
  useEffect(() => {
    if (typeof FontFace === 'undefined' || !document.fonts) return;
    let live = true;
    for (const f of fonts) {
      const family = familyOf(f.id);
      if ([...document.fonts].some((x) => x.family === family || x.family === `"${family}"`)) continue;
      const face = new FontFace(family, `url(${JSON.stringify(f.fontUrl)})`);
      document.fonts.add(face);
      face.load().then(
        () => live && setLoaded((n) => n + 1),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
}

/**
 * The product picture with the shopper's text and photos drawn over it (an SVG whose viewBox has the picture's
 * natural aspect): each text in its font, colour, size and alignment at its point; each photo filling its box
 * (cropped to fit). Empty fields draw nothing, nor do fields tied to other pictures (`images`).
 */
export function PersonalizedImage({
  src,
  alt,
  def,
  values,
}: {
  src: string;
  alt: string;
  def: NonNullable<StorefrontPersonalize>;
  values: PersonalizeValues;
}) {
  useShopFonts(def.fonts);
  const [size, setSize] = useState({ w: 800, h: 1000 });
  const h = (VIEW_W * size.h) / size.w;
  const clip = useId();
  return (
    <div className="sf-perso__canvas">
      <img
        src={src}
        alt={alt}
        width={size.w}
        height={size.h}
        fetchPriority="high"
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth && img.naturalHeight) setSize({ w: img.naturalWidth, h: img.naturalHeight });
        }}
      />
      <svg viewBox={`0 0 ${VIEW_W} ${h}`} aria-hidden="true" className="sf-perso__svg">
        {def.fields.map((f, i) => {
          const value = values[f.id] ?? '';
          // A field tied to some pictures (a print area's mockups) is drawn on those only.
          if (!value || (f.images?.length && !f.images.includes(src))) return null;
          const cx = (f.x / 100) * VIEW_W;
          const cy = (f.y / 100) * h;
          if (f.type === 'image') {
            const w = (f.width / 100) * VIEW_W;
            const hh = (f.height / 100) * h;
            const id = `${clip}-${i}`;
            return (
              <g key={f.id}>
                <clipPath id={id}>
                  <rect x={cx - w / 2} y={cy - hh / 2} width={w} height={hh} />
                </clipPath>
                <image
                  href={value}
                  x={cx - w / 2}
                  y={cy - hh / 2}
                  width={w}
                  height={hh}
                  preserveAspectRatio="xMidYMid slice"
                  clipPath={`url(#${id})`}
                />
              </g>
            );
          }
          return (
            <text
              key={f.id}
              x={cx}
              y={cy}
              textAnchor={f.align === 'left' ? 'start' : f.align === 'right' ? 'end' : 'middle'}
              dominantBaseline="central"
              fontSize={f.fontSize}
              fill={f.color}
              style={{ fontFamily: f.fontId ? `'${familyOf(f.fontId)}', var(--f-head)` : 'var(--f-head)' }}
              data-field={f.label}
            >
              {value}
            </text>
          );
        })}
      </svg>
    </div>
  );
}

/**
 * The personalisation's inputs on the product page: a text input per text field (at most `maxLength` characters,
 * with a counter) and a file input per photo field (an image of at most 5 MB, uploaded at once to
 * `POST /api/storefront/personalizes/photos`; the server's refusal shows under it). `missing` lists the labels of
 * required fields still empty, shown as errors once the shopper tried to add to the cart.
 */
export function PersonalizeInputs({
  def,
  values,
  onChange,
  missing,
}: {
  def: NonNullable<StorefrontPersonalize>;
  values: PersonalizeValues;
  onChange: (id: string, value: string) => void;
  missing: readonly string[];
}) {
  return (
    <fieldset className="sf-perso">
      <legend className="sf-label">Personalize it</legend>
      {def.fields.map((f) =>
        f.type === 'text' ? (
          <TextInput key={f.id} f={f} value={values[f.id] ?? ''} onChange={(v) => onChange(f.id, v)} missing={missing.includes(f.label)} />
        ) : (
          <PhotoInput key={f.id} f={f} value={values[f.id] ?? ''} onChange={(v) => onChange(f.id, v)} missing={missing.includes(f.label)} />
        ),
      )}
    </fieldset>
  );
}

function TextInput({
  f,
  value,
  onChange,
  missing,
}: {
  f: Extract<PersonalizeField, { type: 'text' }>;
  value: string;
  onChange: (v: string) => void;
  missing: boolean;
}) {
  const id = useId();
  return (
    <div className="sf-perso__field">
      <label htmlFor={id}>
        {f.label}
        {f.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        placeholder={f.placeholder}
        maxLength={f.maxLength}
        required={f.required}
        aria-invalid={missing || undefined}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange([...e.target.value].slice(0, f.maxLength).join(''))}
      />
      <small id={`${id}-count`} className="sf-perso__count">
        {[...value].length}/{f.maxLength}
      </small>
      {missing && (
        <small className="sf-perso__error" role="alert">
          Enter your {f.label}
        </small>
      )}
    </div>
  );
}

function PhotoInput({
  f,
  value,
  onChange,
  missing,
}: {
  f: Extract<PersonalizeField, { type: 'image' }>;
  value: string;
  onChange: (v: string) => void;
  missing: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PERSONALIZE_PHOTO_MAX_BYTES) return setError('Your photo must be at most 5 MB');
    setBusy(true);
    setError(null);
    try {
      onChange((await api.uploadPhoto(file)).src);
    } catch (e) {
      setError(e instanceof ApiError ? e.messages.join(' ').replace(/^file: /, '') || e.message : 'The photo could not be uploaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sf-perso__field">
      <label htmlFor={id}>
        {f.label}
        {f.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        required={f.required && !value}
        aria-invalid={missing || !!error || undefined}
        disabled={busy}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {busy && <small className="sf-perso__count">Uploading…</small>}
      {value && !busy && (
        <button type="button" className="sf-textlink" onClick={() => onChange('')}>
          Remove photo
        </button>
      )}
      {(error || missing) && (
        <small className="sf-perso__error" role="alert">
          {error ?? `Add your ${f.label}`}
        </small>
      )}
    </div>
  );
}

/** The labels of required fields the shopper left empty. */
export function missingFields(def: NonNullable<StorefrontPersonalize>, values: PersonalizeValues): string[] {
  return def.fields.filter((f) => f.required && !(values[f.id] ?? '').trim()).map((f) => f.label);
}

/** The cart line's properties: every filled field as {name: its label, value}, in the fields' order. */
export function toProperties(def: NonNullable<StorefrontPersonalize>, values: PersonalizeValues): LineItemProperty[] {
  return def.fields.flatMap((f) => {
    const value = (values[f.id] ?? '').trim();
    return value ? [{ name: f.label, value }] : [];
  });
}

/** A cart or order line's personalisation: each label with the text typed, or a thumbnail of the photo uploaded. */
export function LineProperties({ properties }: { properties?: readonly LineItemProperty[] }) {
  if (!properties?.length) return null;
  return (
    <dl className="sf-line__props">
      {properties.map((p) => (
        <div key={p.name}>
          <dt>{p.name}:</dt>
          <dd>{/^(\/uploads\/|https:\/\/)/.test(p.value) ? <img src={p.value} alt={p.name} width={32} height={32} /> : p.value}</dd>
        </div>
      ))}
    </dl>
  );
}
