import { z } from 'zod';
import { ProfileFields, StoreRoleFields } from './people.js';

/** POST /api/auth/login body. Both inputs are trimmed (spec §5). */
export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Invalid Email').max(254),
  password: z.string().trim().min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** POST /api/auth/login answer (spec §7: accessToken, refreshToken, storeId). storeId is the user's first shop, or null. */
export const LoginResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  storeId: z.uuid().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /api/auth/refresh body. */
export const RefreshBody = z.object({ refreshToken: z.string().min(1, 'refreshToken is required') });
/** POST /api/auth/refresh answer: a new pair; the old refresh token is spent. */
export const RefreshResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** POST /api/auth/logout body: the refresh token whose family (session) ends. */
export const LogoutBody = z.object({ refreshToken: z.string().optional() });

/** The spec's User (admin-dashboard §3) for the store named in X-Store-Id. */
export const User = ProfileFields.extend(StoreRoleFields.shape)
  .extend({
    /** True for provider staff (PROVIDER_EMAILS or PROVIDER_DOMAIN): they see the full menu (spec §2). */
    isProviderStaff: z.boolean(),
    /** True for the one e-mail that also sees 'Custom Store' (spec §2). */
    isCustomStoreUser: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** One shop of GET /api/stores: `domain` is the system domain `{handle}.{STOREFRONT_SUFFIX}`. */
export const StoreSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  handle: z.string(),
  domain: z.string(),
  /** Public domain (a connected custom domain, else the system domain): spec §3 Account info rDomain. */
  rDomain: z.string(),
  /** Address that opens the storefront in a browser (Open your site), e.g. http://demo.localhost:3000. */
  url: z.string(),
  currency: z.string(),
});
export type StoreSummary = z.infer<typeof StoreSummary>;
export const StoresResponse = z.object({ stores: z.array(StoreSummary) });
export type StoresResponse = z.infer<typeof StoresResponse>;

/** Page preference of spec §3. */
export const PagePreference = z.object({
  businessType: z.string(),
  paymentChoice: z.object({ type: z.string() }),
  standardTimezone: z.string(),
  storeFrontDefaultTheme: z.string().nullable(),
  storeDetail: z.object({ name: z.string() }),
});
export type PagePreference = z.infer<typeof PagePreference>;
