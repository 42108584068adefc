import type { PreviewPathStep } from '@backroom/theme';
import { type CSSProperties, createContext, type KeyboardEvent, type ReactNode, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { useShop } from '../lib/theme';

/** Where in-place edits of the texts below go: the section key and the path of the settings object drawn. */
interface EditScopeValue {
  section: string;
  base: PreviewPathStep[];
}
const EditScopeContext = createContext<EditScopeValue | null>(null);

/**
 * Names the section (its key, or 'header' / 'footer') whose texts are drawn inside, and the path from the section
 * object to the settings object they come from (`['settings']` for a section; `['settings',
 * 'start_collection_list']` for a part of it). Nested scopes without `section` extend the outer path.
 */
export function EditScope({ section, path, children }: { section?: string; path: PreviewPathStep[]; children: ReactNode }) {
  const outer = useContext(EditScopeContext);
  const key = section ?? outer?.section;
  const base = section ? path : [...(outer?.base ?? []), ...path];
  const baseKey = JSON.stringify(base);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `baseKey` stands for the path's content.
  const value = useMemo(() => (key ? { section: key, base } : null), [key, baseKey]);
  return <EditScopeContext.Provider value={value}>{children}</EditScopeContext.Provider>;
}

type Tag = 'h2' | 'h3' | 'p' | 'span';

/**
 * A plain-text setting shown on the page (heading, sub-heading, button label; issue 9 item 4). On the public
 * storefront it is plain text. In an editor preview frame it can be edited in place (`contenteditable`,
 * plain text only): every input posts `{type:'edit', section, path, value}` to the editor with the path relative
 * to the section object (the EditScope's path + `path`), Enter or Escape ends the edit. The text node is managed
 * here, not by React, so the editor's echo of the same text never moves the caret: it is written only while the
 * element is not being edited (and once more when the edit ends).
 */
export function EditableText({
  as: As = 'span',
  path,
  value,
  className,
  style,
}: {
  as?: Tag;
  /** Path of the text inside the EditScope's settings object, e.g. `['heading']` or `['blocks', 2, 'title']`. */
  path: PreviewPathStep[];
  value: string;
  className?: string;
  style?: CSSProperties;
}) {
  const { preview, channel } = useShop();
  const scope = useContext(EditScopeContext);
  const ref = useRef<HTMLElement>(null);
  const latest = useRef(value);
  latest.current = value;
  const editable = preview && !!channel && !!scope;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !editable) return;
    if (el.ownerDocument.activeElement !== el && el.textContent !== value) el.textContent = value;
  }, [value, editable]);
  if (!editable) {
    return (
      <As className={className} style={style}>
        {value}
      </As>
    );
  }
  const fullPath = [...scope.base, ...path];
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' || e.key === 'Escape') {
      e.preventDefault();
      e.currentTarget.blur();
    }
  };
  return (
    <As
      ref={ref as never}
      className={`${className ?? ''} sf-editable`}
      style={style}
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      spellCheck={false}
      data-edit-path={fullPath.join('.')}
      onInput={(e) => channel.edit(scope.section, fullPath, e.currentTarget.textContent ?? '')}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (e.currentTarget.textContent !== latest.current) e.currentTarget.textContent = latest.current;
      }}
    />
  );
}
