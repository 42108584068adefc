import type { Db } from '../../db/client.js';

/**
 * Seeds both themes (FASHION/newchick and DEFAULT/hydro) with rich content for a demo store.
 * Called by the demo generator inside its transaction. (Filled in by the theme-system work.)
 */
export async function seedDemoThemes(_db: Db, _store: { id: string; handle: string }): Promise<void> {}
