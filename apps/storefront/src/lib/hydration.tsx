import { options } from 'preact';
import { type ReactNode, Suspense, useRef, useSyncExternalStore } from 'react';

/**
 * Hydration in many short tasks (issue 16: total blocking time ≤ 100 ms on Lighthouse's 4× slower phone). Preact
 * hydrates synchronously, so a page hydrated by one `hydrateRoot` is one main-thread task as long as the page
 * (90–145 ms at 4× CPU on the demo home pages). Parts wrapped in {@link HydrateLater} (the header, the page, each
 * home section, each product card, the product page's gallery, buying column and reviews, the footer) are hydrated
 * each in a task of its own instead: while the page is being hydrated,
 * a part's first render suspends; Preact keeps its server-rendered DOM as it is (a suspended hydration neither
 * removes nor re-creates nodes) and hydrates it in place when the part's turn comes, one part per task, in order.
 *
 * Values only the browser knows (the stored cart, the location's own value, a phone viewport, the chosen
 * currency: {@link useBrowserValue}) keep their server value until every part is hydrated, so each part hydrates
 * against the markup the server made, and effects (`useEffect`: timers, listeners, a count-down's first tick) are
 * held until then too; then they all switch and run at once ("settled"), in the task after the last part.
 */

/** False from `hydrateInTasks` until every deferred part has been hydrated; true otherwise (server, createRoot). */
let settled = true;
/** The last part's turn: each deferred part waits for the one before it plus one task. */
let turns: Promise<void> = Promise.resolve();
/** Re-render callbacks of the components reading browser values, called when the page settles. */
const onSettle = new Set<() => void>();
/** Resolvers of {@link whenSettled} callers waiting for the page to settle. */
let settleWaiters: (() => void)[] = [];

/**
 * Resolves in a new task (a macrotask: the browser may render and handle input in between). A MessageChannel
 * message, as React's scheduler uses, rather than `setTimeout(0)`, which the browser clamps to 4 ms once timers
 * nest five deep (a grid of 24 product cards would wait ~100 ms for nothing). Made on first use, in a browser only.
 */
export function nextTask(): Promise<void> {
  if (typeof window === 'undefined' || typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  const port = channel.port2;
  return new Promise((resolve) => {
    waiting.push(resolve);
    port.postMessage(null);
  });
}
let channel: MessageChannel | null = null;
/** Resolvers of nextTask, one per message posted, in order. */
const waiting: (() => void)[] = [];

/**
 * Runs `hydrate` (a synchronous `hydrateRoot`) with every {@link HydrateLater} part it meets deferred to a task of
 * its own, and resolves once the whole page is hydrated, before the browser values switch (they switch in the next
 * task). Parts met while a deferred part hydrates are deferred in turn.
 */
export async function hydrateInTasks(hydrate: () => void): Promise<void> {
  settled = false;
  // Preact schedules each batch of effects through this hook (after the next frame by default): held until settled.
  heldRaf = options.requestAnimationFrame;
  options.requestAnimationFrame = (flush) => {
    heldEffects.push(flush);
  };
  try {
    hydrate();
    for (;;) {
      const last = turns;
      await last;
      await nextTask();
      if (last === turns) break;
    }
  } finally {
    setTimeout(() => void settle(), 0);
  }
}

/** Preact's effect scheduler before hydrateInTasks replaced it (undefined: its own after-next-frame). */
let heldRaf: ((flush: () => void) => void) | undefined;
/** Effect flushes Preact asked for while the page was being hydrated. */
let heldEffects: (() => void)[] = [];

/**
 * Settles the page in two tasks, each short: the held effects run (with Preact's scheduler given back), then the
 * browser values switch on (re-rendering their readers); then {@link whenSettled} is released.
 */
async function settle() {
  options.requestAnimationFrame = heldRaf;
  const effects = heldEffects;
  heldEffects = [];
  for (const flush of effects) flush();
  await nextTask();
  settled = true;
  for (const update of [...onSettle]) update();
  const waiting = settleWaiters;
  settleWaiters = [];
  for (const resolve of waiting) resolve();
}

/**
 * True while `hydrateInTasks` is under way (until the page settles): a component rendering now renders against the
 * server's markup, which is in the DOM. False on the server and in browser-only renders.
 */
export function isHydrating(): boolean {
  return !settled;
}

/** Resolves when the page is hydrated and its browser values are on (at once when no hydration is under way). */
export function whenSettled(): Promise<void> {
  return settled ? Promise.resolve() : new Promise((resolve) => settleWaiters.push(resolve));
}

/** Suspends a part's first render while the page is being hydrated (see the module's description). */
function Turn({ children }: { children: ReactNode }) {
  const waited = useRef(false);
  if (!settled && !waited.current) {
    waited.current = true;
    turns = turns.then(nextTask);
    throw turns;
  }
  return children;
}

/**
 * A part of the page hydrated in a task of its own (see the module's description). `children` must render ONE
 * element at its top (Preact keeps the first node a suspended part would claim). On the server and in browser
 * renders that are not a hydration it renders `children` as they are.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

/** Subscriptions wrapped by {@link useBrowserValue}, one per store subscription (a stable identity per store). */
const wrapped = new WeakMap<(listener: () => void) => () => void, (listener: () => void) => () => void>();

/**
 * `useSyncExternalStore` for a value the server cannot know: `getServerSnapshot()` on the server and until the
 * hydrated page settles (every {@link HydrateLater} part hydrated), then `getSnapshot()`; re-renders on the
 * store's changes and when the page settles.
 */
export function useBrowserValue<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  let sub = wrapped.get(subscribe);
  if (!sub) {
    sub = (listener) => {
      const stop = subscribe(listener);
      onSettle.add(listener);
      return () => {
        stop();
        onSettle.delete(listener);
      };
    };
    wrapped.set(subscribe, sub);
  }
  return useSyncExternalStore(sub, () => (settled ? getSnapshot() : getServerSnapshot()), getServerSnapshot);
}
