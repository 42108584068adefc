/** An in-memory Storage, used where the browser denies web storage (e.g. a third-party preview frame). */
export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

function probe(kind: 'localStorage' | 'sessionStorage'): Storage {
  try {
    const s = globalThis[kind];
    if (!s) return memoryStorage();
    s.getItem('sf-probe');
    return s;
  } catch {
    return memoryStorage();
  }
}

/**
 * The page's localStorage and sessionStorage, or in-memory stand-ins when reading them throws (Chromium denies
 * storage to some cross-site frames, such as the editor's preview) — the storefront must never fail for that.
 */
export const local: Storage = probe('localStorage');
export const session: Storage = probe('sessionStorage');
