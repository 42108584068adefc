import { z } from 'zod';
import { SCOPES, Scope } from './common.js';
import { DEFAULT_PAGE_SIZE, LOGIN_MAX_LENGTH } from './limits.js';
import { NewPassword } from './passwords.js';
import { PersonFields, ProfileFields, StoreRoleFields } from './people.js';

/**
 * The scope a member needs to see the Member screen (route `website.member`) and the staff list. Managing
 * staff (add, edit, revoke, delete) additionally needs the owner or admin role (spec admin-dashboard §6).
 */
export const STAFF_SCOPE = 'store' as const satisfies Scope;

/** Longest first / last name, characters after trimming (spec §5/§9: 50, like the login bounds). */
export const NAME_MAX = 50;

/**
 * Every scope of spec §6 with the menu group it belongs to and a title, in menu order. The permission picker
 * (Member screen) shows one checkbox group per `group`; GET /api/auth/all-permission answers this grouped.
 */
export const SCOPE_INFO = [
  { scope: 'homes', group: 'Home', title: 'Dashboard' },
  { scope: 'orders', group: 'Orders', title: 'Orders and abandoned checkouts' },
  { scope: 'products', group: 'Products', title: 'Products, collections and catalog' },
  { scope: 'report', group: 'Analytics', title: 'Reports' },
  { scope: 'dashboards', group: 'Analytics', title: 'Overview dashboard' },
  { scope: 'sale_reports', group: 'Analytics', title: 'Sales reports' },
  { scope: 'estimated_profit', group: 'Analytics', title: 'Estimated profit' },
  { scope: 'utm_analystics', group: 'Analytics', title: 'UTM analytics' },
  { scope: 'live_view', group: 'Analytics', title: 'Live view' },
  { scope: 'discounts', group: 'Marketing', title: 'Discounts' },
  { scope: 'customers', group: 'Customers', title: 'Customers' },
  { scope: 'apps', group: 'Apps', title: 'Apps' },
  { scope: 'themes', group: 'Online Store', title: 'Themes' },
  { scope: 'pages', group: 'Online Store', title: 'Pages' },
  { scope: 'navigations', group: 'Online Store', title: 'Navigation' },
  { scope: 'domains', group: 'Online Store', title: 'Domains' },
  { scope: 'preferences', group: 'Online Store', title: 'Preferences' },
  { scope: 'settings', group: 'Settings', title: 'Settings, payout and plan' },
  { scope: 'store', group: 'Settings', title: 'Store members' },
] as const satisfies readonly { scope: Scope; group: string; title: string }[];

/** The groups of SCOPE_INFO in menu order, each with its scopes. Derived, never written out again. */
export function scopeGroups(): { group: string; scopes: { scope: Scope; title: string }[] }[] {
  const out: { group: string; scopes: { scope: Scope; title: string }[] }[] = [];
  for (const s of SCOPE_INFO) {
    let g = out.find((x) => x.group === s.group);
    if (!g) {
      g = { group: s.group, scopes: [] };
      out.push(g);
    }
    g.scopes.push({ scope: s.scope, title: s.title });
  }
  return out;
}

/** GET /api/auth/all-permission answer: every scope, grouped as in the menu. */
export const AllPermissionResponse = z
  .object({
    groups: z.array(z.object({ group: z.string(), scopes: z.array(z.object({ scope: Scope, title: z.string() })) })),
  })
  .meta({ id: 'AllPermissionResponse' });
export type AllPermissionResponse = z.infer<typeof AllPermissionResponse>;

/** GET /api/auth/store-permission and GET /api/users/store-staff-info answer (spec §6: isStoreOwner, isStoreAdmin, scopes). */
export const StaffInfo = PersonFields.extend(StoreRoleFields.shape).meta({ id: 'StaffInfo' });
export type StaffInfo = z.infer<typeof StaffInfo>;

/**
 * One row of GET /api/users/store-staffs. `id` is the user id (the spec's staff_id). The sign-in facts are about
 * THIS store only (issue 14 item 5: a store never learns what the person does in their other stores).
 */
export const StaffMember = ProfileFields.extend(StoreRoleFields.shape)
  .extend({
    /** Granted scopes as stored (owners and admins hold every scope whatever this says). */
    scopes: z.array(Scope),
    /** ISO instant of the last sign-in that opened this store (a session's first request to it), or null. */
    lastSignInAt: z.string().nullable(),
    /** Open (not revoked, not expired) sessions of this person that opened this store and were not signed out of it. */
    activeSessions: z.number().int(),
    /** ISO instant the membership was created. */
    addedAt: z.string(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

/** How long an invitation of an existing account stays open: 7 days (Shopify's staff invitations expire after 7 days too). */
export const STAFF_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A pending invitation of an existing account, as the inviting store sees it (issue 14 item 5: an existing account
 * becomes a member only when it accepts). Names are the ones the inviter typed.
 */
export const StaffInvitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    isStoreAdmin: z.boolean(),
    /** Scopes the membership will have (granted ones, in the order of SCOPES). */
    scopes: z.array(Scope),
    /** ISO instants: sent (or last re-sent) and end of validity. */
    invitedAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'StaffInvitation' });
export type StaffInvitation = z.infer<typeof StaffInvitation>;

/** A pending invitation as the invited person sees it (GET /api/users/invitations, the shop-choice screen). */
export const MyInvitation = z
  .object({
    id: z.uuid(),
    storeId: z.uuid(),
    storeName: z.string(),
    /** The store's system domain `{handle}.{suffix}`. */
    storeDomain: z.string(),
    /** Name (or e-mail when unnamed) of who invited, and their e-mail; null when that account is gone. */
    invitedBy: z.string().nullable(),
    invitedByEmail: z.string().nullable(),
    isStoreAdmin: z.boolean(),
    scopes: z.array(Scope),
    invitedAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'MyInvitation' });
export type MyInvitation = z.infer<typeof MyInvitation>;

/** GET /api/users/invitations answer: the caller's pending, unexpired invitations, newest first. */
export const MyInvitationsResponse = z.object({ invitations: z.array(MyInvitation) });
export type MyInvitationsResponse = z.infer<typeof MyInvitationsResponse>;

/** POST /api/users/invitations/{id}/accept answer: the store just joined. */
export const AcceptInvitationResponse = z.object({ ok: z.literal(true), storeId: z.uuid(), messages: z.array(z.string()) });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

export const InvitationIdParams = z.object({ id: z.uuid('id must be an invitation id') });

export const StaffListResponse = z.object({
  staffs: z.array(StaffMember),
  /** Pending invitations of existing accounts, newest first (only shown to owners and admins; empty for others). */
  invitations: z.array(StaffInvitation),
  /** Whether the caller may add, edit, revoke and delete (owner or admin). */
  canManage: z.boolean(),
});
export type StaffListResponse = z.infer<typeof StaffListResponse>;

const trimmedName = (field: string) =>
  z.string().trim().min(1, `${field} is required`).max(NAME_MAX, `${field} must have at most ${NAME_MAX} letters.`);

/**
 * POST /api/users/add-store-staff body. A password creates an unknown user with it; without one an unknown
 * user gets an invitation e-mail with a link to choose a password. A known user gets an invitation to accept
 * (the password is ignored; issue 14 item 5).
 */
export const AddStaffBody = z.object({
  email: z.string().trim().toLowerCase().email('Invalid Email').max(254),
  firstName: trimmedName('First name'),
  lastName: trimmedName('Last name'),
  scopes: z.array(Scope).max(SCOPES.length),
  isStoreAdmin: z.boolean().optional(),
  password: NewPassword.optional(),
});
export type AddStaffBody = z.infer<typeof AddStaffBody>;

/**
 * POST /api/users/add-store-staff answer: the new member (a new account) or the pending invitation (an existing
 * account), whether an invitation e-mail was queued for sending (job queue, retried; issue 14 item 2) and whether an
 * account was created.
 */
export const AddStaffResponse = z.object({
  /** The new member (absent for an existing account, which is invited instead). */
  staff: StaffMember.optional(),
  /** The pending invitation of an existing account (absent when a new account was created). */
  invitation: StaffInvitation.optional(),
  invited: z.boolean(),
  created: z.boolean(),
  messages: z.array(z.string()),
});
export type AddStaffResponse = z.infer<typeof AddStaffResponse>;

/** PUT /api/users/update-store-staff/{id} body: new granted scopes and/or the admin flag. */
export const UpdateStaffBody = z
  .object({ scopes: z.array(Scope).max(SCOPES.length).optional(), isStoreAdmin: z.boolean().optional() })
  .refine((b) => b.scopes !== undefined || b.isStoreAdmin !== undefined, 'scopes or isStoreAdmin is required');
export type UpdateStaffBody = z.infer<typeof UpdateStaffBody>;

export const StaffIdParams = z.object({ id: z.uuid('id must be a staff id') });
export const StaffIdQuery = z.object({ staff_id: z.uuid('staff_id must be a staff id') });

/** Answer of the revoke calls: how many sessions ended. */
export const RevokeResponse = z.object({ ok: z.literal(true), revoked: z.number().int(), messages: z.array(z.string()) });
export type RevokeResponse = z.infer<typeof RevokeResponse>;

/** A profile picture: null, an uploaded picture served by this API, or an http(s) address. */
export const ProfilePictureUrl = z
  .string()
  .max(500)
  .refine((s) => /^\/api\/users\/profile-picture\/[a-f0-9-]{36}\.(png|jpg|webp|gif)$/.test(s) || /^https?:\/\/[^\s"'<>]+$/i.test(s), {
    message: 'profilePicture must be an uploaded picture or an http(s) address',
  });

/** PUT /api/users body (profile). */
export const UpdateProfileBody = z.object({
  firstName: trimmedName('First name'),
  lastName: trimmedName('Last name'),
  profilePicture: ProfilePictureUrl.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** The signed-in person's own profile (PUT /api/users, POST /api/users/profile-picture answers). */
export const Profile = ProfileFields.meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

/** Profile picture limits: PNG, JPEG, WebP or GIF up to 2 MB (checked by content, not by the declared type). */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** PUT /api/users/change-password body. */
export const ChangePasswordBody = z.object({
  currentPassword: z.string().trim().min(1, 'Current password is required').max(200),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Security events listed by GET /api/auth/history/. */
export const AUTH_EVENT_TYPES = [
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset',
  'password_reset_requested',
  'session_revoked',
] as const;
export const AuthEventType = z.enum(AUTH_EVENT_TYPES);

export const HistoryQuery = z.object({
  page: z.coerce.number().int('page must be an integer').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(DEFAULT_PAGE_SIZE),
});

/** GET /api/auth/history/ answer: the caller's own security events, newest first. */
export const HistoryResponse = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        type: AuthEventType,
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        /** ISO instant. */
        createdAt: z.string(),
        /** Extra facts, e.g. {reason, count, by} of a revocation. */
        detail: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'HistoryResponse' });
export type HistoryResponse = z.infer<typeof HistoryResponse>;

// ---- auth extra: forgot / reset / register / survey ----

/** The one answer of POST /api/auth/forgot, whether or not the e-mail is known (no account enumeration). */
export const FORGOT_MESSAGE = 'If an account exists for this e-mail, we have sent a link to reset your password.';
/** Answer of POST /api/auth/reset on success. */
export const RESET_DONE_MESSAGE = 'Your password has been reset. Please sign in with your new password.';
/** Error of POST /api/auth/reset for an unknown, used or expired token. */
export const RESET_INVALID_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.';
/** Reset-link lifetime: 1 hour. Invitation links (staff without a password) live 72 hours. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITE_TOKEN_TTL_MS = 72 * 60 * 60 * 1000;

export const ForgotBody = z.object({ email: z.string().trim().toLowerCase().email('Invalid Email').max(254) });
export const ResetBody = z.object({ token: z.string().min(10, 'token is required').max(200), password: NewPassword });
/**
 * GET /api/auth/join query (issue 31 item 6): the invitation link of a NEW account added to a shop's staff,
 * `${ADMIN_ORIGIN}/auth/join?token=…&store=…&by=…` — the single-use password token, the shop and who invited them.
 */
export const JoinQuery = z.object({
  token: z.string().min(10, 'token is required').max(200),
  store: z.uuid('store must be a shop id'),
  by: z.uuid('by must be a user id').optional(),
});
export type JoinQuery = z.infer<typeof JoinQuery>;
/** GET /api/auth/join answer: what the "Join {shop} on Backroom" screen shows. 400 RESET_INVALID_MESSAGE otherwise. */
export const JoinInfo = z.object({
  email: z.string(),
  firstName: z.string(),
  shopName: z.string(),
  /** Who invited them (a manager of the shop), null when the link does not say or they are no longer one. */
  inviter: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type JoinInfo = z.infer<typeof JoinInfo>;
/** POST /api/auth/join body: the link's token and shop, and the password chosen (`NewPassword`). */
export const JoinBody = z.object({
  token: z.string().min(10, 'token is required').max(200),
  store: z.uuid('store must be a shop id'),
  password: NewPassword,
});
export type JoinBody = z.infer<typeof JoinBody>;

/** Answer of a call that only reports what happened (the admin's success notification shows `messages`). */
export const MessageResponse = z.object({ ok: z.literal(true), messages: z.array(z.string()) });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const RegisterCheckQuery = z.object({ sk: z.string().max(200).optional() });
export const RegisterCheckResponse = z.object({ allowed: z.boolean() });
export type RegisterCheckResponse = z.infer<typeof RegisterCheckResponse>;

export const STORE_NAME_MAX = 60;
/** POST /api/auth/register body (the partner sign-up, spec §2 /auth/register). */
export const RegisterBody = z.object({
  sk: z.string().max(200),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email('Invalid Email')
    .max(LOGIN_MAX_LENGTH, `Email must have at most ${LOGIN_MAX_LENGTH} letters.`),
  password: NewPassword,
  firstName: trimmedName('First name'),
  lastName: trimmedName('Last name'),
  storeName: z
    .string()
    .trim()
    .min(1, 'Store name is required')
    .max(STORE_NAME_MAX, `Store name must have at most ${STORE_NAME_MAX} letters.`),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** POST /api/auth/register answer: tokens like login plus the new shop. */
export const RegisterResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  storeId: z.uuid(),
  storeName: z.string(),
  /** The new shop's system domain `{handle}.{suffix}`. */
  defaultSystemDomain: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** GET /api/auth/survey query (spec §2: register, storeId, defaultSystemDomain). storeId falls back to X-Store-Id. */
export const SurveyCheckQuery = z.object({
  register: z.string().max(20).optional(),
  storeId: z.uuid('storeId must be a store id').optional(),
  defaultSystemDomain: z.string().max(255).optional(),
});
export const SurveyCheckResponse = z.object({ done: z.literal(true) });

/** The survey's questions and their allowed answers (spec §3 Page preference businessType: dropship or other). */
export const BUSINESS_TYPES = ['dropship', 'other'] as const;
export const SELLING_EXPERIENCE = ['just_starting', 'already_selling', 'switching_platform'] as const;
export const MONTHLY_ORDERS = ['0-50', '51-500', '501-5000', '5000+'] as const;
export const PRODUCT_SOURCES = ['print_on_demand', 'dropship_suppliers', 'own_products', 'other'] as const;

/** Longest survey note, characters after trimming. */
export const SURVEY_NOTE_MAX = 500;

export const SurveyBody = z.object({
  businessType: z.enum(BUSINESS_TYPES, 'businessType must be dropship or other'),
  experience: z.enum(SELLING_EXPERIENCE),
  monthlyOrders: z.enum(MONTHLY_ORDERS),
  productSource: z.enum(PRODUCT_SOURCES),
  note: z.string().trim().max(SURVEY_NOTE_MAX, `note must have at most ${SURVEY_NOTE_MAX} letters.`).optional(),
});
export type SurveyBody = z.infer<typeof SurveyBody>;

/** One mail of the development outbox (GET /api/dev/outbox, never in production). */
export const OutboxMail = z.object({
  file: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  date: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;
export const OutboxResponse = z.object({ mails: z.array(OutboxMail) });
