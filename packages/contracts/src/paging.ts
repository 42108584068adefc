import { z } from 'zod';
import { QUERY_PAGE_MAX } from './bounds.js';

/*
 * The `page` and `limit` parameters of every admin list query, declared once (issue 15 "one source per rule"), with
 * the messages a 400 names them by (`querystring.limit: limit must be between 1 and 100`). Page sizes themselves
 * live in limits.ts.
 */

/** `page` of a list query: a whole number from 1 to QUERY_PAGE_MAX (bounds.ts, issue 29 item 4); 1 when absent. */
export const pageParam = z.coerce
  .number({ message: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(QUERY_PAGE_MAX, `page must be at most ${QUERY_PAGE_MAX}`)
  .default(1);

/** `limit` of a list query: a whole number of rows from 1 to `max`; `pageSize` (limits.ts) when absent. */
export const limitParam = (pageSize: number, max = 100) =>
  z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${max}`)
    .max(max, `limit must be between 1 and ${max}`)
    .default(pageSize);
