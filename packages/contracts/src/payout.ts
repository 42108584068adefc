import cardValidator from 'card-validator';
import { electronicFormatIBAN, validateIBAN } from 'ibantools';
import { z } from 'zod';
import { queryDate } from './bounds.js';
import { MajorUnits } from './common.js';
import { limitParam, pageParam } from './paging.js';

/**
 * Getting paid (issue 10; spec admin-dashboard §1 onboarding guide and trial banner, §3, §4, §7 "Onboarding",
 * "Proxies and gateway groups", "Payout", §8 'Notify', §9). Amounts the admin sends and reads are in the store
 * currency's major unit (2 decimals); the server keeps integer cents.
 */

// ── Constants (spec §9) ─────────────────────────────────────────────────────────────────────────

/** Proxy list page size, and the page the dashboard loads (spec §9 "Proxy list page size 10", §7). */
export const PROXY_PAGE_SIZE = 10;
/** Longest onboarding button text, characters (spec §9). */
export const ONBOARDING_BUTTON_MAX = 50;
/** Balance refresh on the dashboard and the payout screen, ms (spec §4, §9: 15 minutes). */
export const BALANCE_REFRESH_MS = 15 * 60 * 1000;
/** Re-poll of an empty proxy list, ms (spec §4, §9: 2 minutes). */
export const EMPTY_PROXY_REPOLL_MS = 2 * 60 * 1000;
/** The 'Notify' dialog's text (spec §8, wording as is). */
export const PAYMENT_GATEWAY_WARNING =
  "Your store hasn't been configured with a payment gateway, please contact the administrator to set it up before publishing(run ads)!!!";
/** Largest single payout request, major units (a bound against typing errors, not a business rule). */
export const PAYOUT_MAX_MAJOR = 10_000_000;

const page = pageParam;
const limit = limitParam(PROXY_PAGE_SIZE);
const uuid = (name: string) => z.uuid(`${name} must be a uuid`);

// ── Onboarding (spec §3 Onboarding status, §4 Onboarding, §7 GET /stores/config/status, PUT /stores/config/skip) ──

/** The onboarding steps, in order (issue 10 item 1). `done` is the closing card once every step is done or skipped. */
export const ONBOARDING_STEPS = [
  'add_product',
  'customize_theme',
  'connect_domain',
  'payment_gateway',
  'set_up_payouts',
  'test_order',
] as const;
export const OnboardingField = z.enum([...ONBOARDING_STEPS, 'done'], { message: 'field must be an onboarding step' });
export type OnboardingField = z.infer<typeof OnboardingField>;
/** The button of the closing card: Skip on it only hides the box (spec §4). */
export const BACK_TO_HOME = 'Back to Home';

export const OnboardingStep = z
  .object({
    field: OnboardingField,
    name: z.string(),
    /** May hold `{domain}`, which the admin replaces with the store domain (spec §3). */
    description: z.string(),
    button: z.string().max(ONBOARDING_BUTTON_MAX),
    /** Admin path the button opens. */
    path: z.string(),
  })
  .meta({ id: 'OnboardingStep' });
export type OnboardingStep = z.infer<typeof OnboardingStep>;
/** Where a step stands: done (the shop's state shows it), skipped (the merchant skipped it, not done) or to do. */
export const ONBOARDING_STEP_STATES = ['done', 'skipped', 'todo'] as const;
/** One line of the setup checklist. */
export const OnboardingStepState = z
  .object({ field: z.enum(ONBOARDING_STEPS), name: z.string(), state: z.enum(ONBOARDING_STEP_STATES) })
  .meta({ id: 'OnboardingStepState' });
export type OnboardingStepState = z.infer<typeof OnboardingStepState>;
/**
 * The guide: the next step (`currentConfig`), `remaining` = steps neither done nor skipped, `done` = steps really
 * done (a skipped step is not done: progress is `done` of `total`), `skipped` = steps skipped and not done since,
 * and every step in order with its state.
 */
export const OnboardingStatus = z
  .object({
    currentConfig: OnboardingStep,
    remaining: z.number().int(),
    done: z.number().int(),
    skipped: z.number().int(),
    total: z.number().int(),
    steps: z.array(OnboardingStepState),
  })
  .meta({ id: 'OnboardingStatus' });
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;
/** PUT /stores/config/skip: the step being skipped (skipping twice is harmless). */
export const OnboardingSkipBody = z.object({ field: z.enum(ONBOARDING_STEPS, { message: 'field must be an onboarding step' }) });
export type OnboardingSkipBody = z.infer<typeof OnboardingSkipBody>;

// ── Trial and plans (issue 10 item 2) ───────────────────────────────────────────────────────────

/** The plans a shop can choose; prices in major units a month. No billing provider (README). */
export const PLANS = [
  {
    id: 'basic',
    name: 'Basic',
    monthlyPrice: 29,
    description: 'Everything to start selling: one shop, unlimited products, two staff accounts.',
  },
  {
    id: 'growth',
    name: 'Growth',
    monthlyPrice: 79,
    description: 'For growing shops: reports, five staff accounts, lower processing fees.',
  },
  { id: 'pro', name: 'Pro', monthlyPrice: 299, description: 'For large shops: every report, unlimited staff, priority payouts.' },
] as const;
export const PlanId = z.enum(PLANS.map((p) => p.id) as ['basic', 'growth', 'pro'], { message: 'plan must be basic, growth or pro' });
export type PlanId = z.infer<typeof PlanId>;
export const Plan = z.object({ id: PlanId, name: z.string(), monthlyPrice: MajorUnits, description: z.string() }).meta({ id: 'Plan' });
export const Subscription = z
  .object({
    /** The chosen plan; null while on trial without a choice. */
    plan: PlanId.nullable(),
    /** `trial` (trial running, no plan), `active` (a plan chosen), `expired` (trial over, no plan). */
    status: z.enum(['trial', 'active', 'expired']),
    trialEndsAt: z.string(),
    /** Whole days left in the trial, rounded up; 0 when over. */
    daysLeft: z.number().int(),
    plans: z.array(Plan),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionBody = z.object({ plan: PlanId });
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;

// ── Proxies and gateway groups (spec §7, under /stores/payout/proxy/) ───────────────────────────

export const PROXY_PROVIDERS = ['paypal', 'stripe', 'airwallex', 'checkout'] as const;
export const ProxyProvider = z.enum(PROXY_PROVIDERS, { message: `provider must be one of ${PROXY_PROVIDERS.join(', ')}` });
export const PaymentProxy = z
  .object({
    id: z.uuid(),
    provider: ProxyProvider,
    displayName: z.string(),
    accountId: z.string(),
    status: z.enum(['active', 'disabled']),
    /** Groups it belongs to (pool views); empty elsewhere. */
    groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
    /** How the store gets it: `direct` or through group(s); null in pool views. */
    via: z.enum(['direct', 'group']).nullable(),
  })
  .meta({ id: 'PaymentProxy' });
export type PaymentProxy = z.infer<typeof PaymentProxy>;
export const ProxyList = z.object({
  proxies: z.array(PaymentProxy),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProxyList = z.infer<typeof ProxyList>;
export const GatewayGroup = z
  .object({ id: z.uuid(), name: z.string(), proxyCount: z.number().int(), storeCount: z.number().int() })
  .meta({ id: 'GatewayGroup' });
export type GatewayGroup = z.infer<typeof GatewayGroup>;
export const GroupList = z.object({
  groups: z.array(GatewayGroup),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type GroupList = z.infer<typeof GroupList>;

/** Paged query naming the shop (default: the session's store; another shop needs provider staff). */
export const StoreProxyQuery = z.object({ page, limit, storeId: uuid('storeId').optional() });
export type StoreProxyQuery = z.input<typeof StoreProxyQuery>;
/**
 * Paged query of the pool (GET list-proxies-groups): `search` in name, account id or provider; `groupId` keeps the
 * members of that group (the group editor's list; remain-group-proxies lists the others).
 */
export const PoolQuery = z.object({
  page,
  limit,
  search: z.string().trim().max(100, 'search must have at most 100 characters').optional(),
  groupId: uuid('groupId').optional(),
});
export type PoolQuery = z.input<typeof PoolQuery>;
export const GroupProxyQuery = z.object({ page, limit, groupId: uuid('groupId') });
export type GroupProxyQuery = z.input<typeof GroupProxyQuery>;
export const StoreGroupQuery = z.object({ storeId: uuid('storeId'), groupId: uuid('groupId') });
export type StoreGroupQuery = z.input<typeof StoreGroupQuery>;
/** POST save-store-proxies: the shop's directly assigned proxies, in the order checkout tries them. */
export const SaveStoreProxiesBody = z.object({
  storeId: uuid('storeId'),
  proxyIds: z.array(uuid('proxyIds[]')).max(100, 'proxyIds must have at most 100 entries'),
});
export type SaveStoreProxiesBody = z.infer<typeof SaveStoreProxiesBody>;
/** POST group/{id}: the group's name and members (the whole list). */
export const GroupBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name must have at most 100 characters'),
  proxyIds: z.array(uuid('proxyIds[]')).max(500, 'proxyIds must have at most 500 entries'),
});
export type GroupBody = z.infer<typeof GroupBody>;
/** A new pool entry (provider staff). Credentials are kept encrypted and never answered. */
export const ProxyBody = z.object({
  provider: ProxyProvider,
  displayName: z.string().trim().min(1, 'displayName is required').max(100, 'displayName must have at most 100 characters'),
  accountId: z.string().trim().min(1, 'accountId is required').max(200, 'accountId must have at most 200 characters'),
  credentials: z.string().min(1, 'credentials is required').max(4000, 'credentials must have at most 4000 characters'),
  status: z.enum(['active', 'disabled']).default('active'),
});
export type ProxyBody = z.input<typeof ProxyBody>;
/** A shop as provider staff look it up to assign gateways. */
export const PoolStore = z.object({ id: z.uuid(), name: z.string(), handle: z.string(), proxyCount: z.number().int() });
export const PoolStoreList = z.object({ stores: z.array(PoolStore) });
export type PoolStoreList = z.infer<typeof PoolStoreList>;

// ── Payout cards (spec §7 /stores/payout/card/) ─────────────────────────────────────────────────

const holderName = z.string().trim().min(1, 'holderName is required').max(100, 'holderName must have at most 100 characters');
const expMonth = z
  .number({ message: 'expMonth must be a number' })
  .int('expMonth must be 1 to 12')
  .min(1, 'expMonth must be 1 to 12')
  .max(12, 'expMonth must be 1 to 12');
const expYear = z
  .number({ message: 'expYear must be a number' })
  .int('expYear must be a 4-digit year')
  .min(2000, 'expYear must be a 4-digit year')
  .max(2100, 'expYear must be a 4-digit year');
/** A card number: digits (spaces and dashes ignored), 12–19 of them, passing the Luhn check (card-validator). */
export const CardNumber = z
  .string({ message: 'number is required' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12,19}$/, { message: 'number must have 12 to 19 digits', abort: true })
      .refine((n) => cardValidator.number(n, { luhnValidateUnionPay: true }).isValid, 'number is not a valid card number'),
  );

/** True when month/year is the current month or later (UTC), the card's last valid month. */
export function cardNotExpired(month: number, year: number, now = new Date()): boolean {
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}
const EXPIRED = { message: 'the card has expired', path: ['expYear'] };

/** POST /stores/payout/card/: the whole number is checked, then only brand and last 4 are kept. */
export const CardBody = z
  .object({ holderName, number: CardNumber, expMonth, expYear })
  .refine((c) => cardNotExpired(c.expMonth, c.expYear), EXPIRED);
export type CardBody = z.input<typeof CardBody>;
/** PATCH /stores/payout/card/{id}: holder and expiry (a new number = a new card). */
export const CardPatch = z.object({ holderName, expMonth, expYear }).refine((c) => cardNotExpired(c.expMonth, c.expYear), EXPIRED);
export type CardPatch = z.infer<typeof CardPatch>;
export const PayoutCard = z
  .object({
    id: z.uuid(),
    holderName: z.string(),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'PayoutCard' });
export type PayoutCard = z.infer<typeof PayoutCard>;
export const PayoutCardList = z.object({ cards: z.array(PayoutCard) });
export type PayoutCardList = z.infer<typeof PayoutCardList>;

// ── Payout config (spec §7 /stores/payout/config) ───────────────────────────────────────────────

export const PAYOUT_METHODS = ['card', 'bank', 'paypal'] as const;
export const PAYOUT_SCHEDULES = ['manual', 'weekly', 'monthly'] as const;
/** An IBAN (spaces allowed), checked by ibantools (country length and check digits); kept in electronic format. */
export const Iban = z
  .string()
  .transform((s) => electronicFormatIBAN(s) ?? '')
  .refine((s) => validateIBAN(s).valid, 'iban is not a valid IBAN');
/** Payout config body: the method and its destination, minimum amount (major units) and schedule. */
export const PayoutConfigBody = z
  .object({
    method: z.enum(PAYOUT_METHODS, { message: 'method must be card, bank or paypal' }),
    cardId: uuid('cardId').nullish(),
    accountHolder: z.string().trim().max(100, 'accountHolder must have at most 100 characters').nullish(),
    iban: Iban.nullish(),
    paypalEmail: z.email('paypalEmail must be an e-mail').max(254).nullish(),
    minimumAmount: z
      .number({ message: 'minimumAmount must be a number' })
      .min(0, 'minimumAmount must be 0 or more')
      .max(PAYOUT_MAX_MAJOR, `minimumAmount must be ${PAYOUT_MAX_MAJOR} or less`)
      .default(0),
    schedule: z.enum(PAYOUT_SCHEDULES, { message: 'schedule must be manual, weekly or monthly' }).default('manual'),
  })
  .superRefine((c, ctx) => {
    if (c.method === 'card' && !c.cardId)
      ctx.addIssue({ code: 'custom', path: ['cardId'], message: 'cardId is required for card payouts' });
    if (c.method === 'bank' && !c.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'iban is required for bank payouts' });
    if (c.method === 'bank' && !c.accountHolder)
      ctx.addIssue({ code: 'custom', path: ['accountHolder'], message: 'accountHolder is required for bank payouts' });
    if (c.method === 'paypal' && !c.paypalEmail)
      ctx.addIssue({ code: 'custom', path: ['paypalEmail'], message: 'paypalEmail is required for PayPal payouts' });
  });
export type PayoutConfigBody = z.input<typeof PayoutConfigBody>;
export const PayoutConfig = z.object({
  id: z.uuid(),
  method: z.enum(PAYOUT_METHODS),
  cardId: z.uuid().nullable(),
  accountHolder: z.string().nullable(),
  /** Masked: country, check digits and the last 4 characters, e.g. `DE89 **** **** **** **30 00`. */
  ibanMasked: z.string().nullable(),
  paypalEmail: z.string().nullable(),
  minimumAmount: MajorUnits,
  schedule: z.enum(PAYOUT_SCHEDULES),
  /** Where payouts go, in words (masked). */
  destination: z.string(),
});
// No `.meta({id})`: a named schema would become a `$ref` beside `nullable` in PayoutConfigAnswer, which OpenAPI 3.0 forbids.
export type PayoutConfig = z.infer<typeof PayoutConfig>;
export const PayoutConfigAnswer = z.object({ config: PayoutConfig.nullable() });
export type PayoutConfigAnswer = z.infer<typeof PayoutConfigAnswer>;

// ── Payout requests and balance (spec §7 v2/payout-request, request-payouts, v2/balance) ────────

export const PAYOUT_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export const PayoutStatus = z.enum(PAYOUT_STATUSES, { message: 'status must be pending, approved, paid or rejected' });
export type PayoutStatus = z.infer<typeof PayoutStatus>;
export const PayoutRequestBody = z.object({
  amount: z
    .number({ message: 'amount must be a number' })
    .positive('amount must be more than 0')
    .max(PAYOUT_MAX_MAJOR, `amount must be ${PAYOUT_MAX_MAJOR} or less`)
    .refine((a) => Math.abs(Math.round(a * 100) - a * 100) < 1e-6, 'amount must have at most 2 decimals'),
});
export type PayoutRequestBody = z.infer<typeof PayoutRequestBody>;
export const PayoutRequest = z
  .object({
    id: z.uuid(),
    storeId: z.uuid(),
    amount: MajorUnits,
    currency: z.string(),
    status: PayoutStatus,
    method: z.enum(PAYOUT_METHODS),
    destination: z.string(),
    reason: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PayoutRequest' });
export type PayoutRequest = z.infer<typeof PayoutRequest>;
/** A day of the history filter, years 0100–9999 (bounds.ts: year 0 answered 500, issue 29 item 4). */
const isoDate = (name: string) => queryDate(name).optional();
export const PayoutRequestQuery = z.object({
  page,
  limit,
  status: PayoutStatus.optional(),
  fromDate: isoDate('fromDate'),
  toDate: isoDate('toDate'),
  storeId: uuid('storeId').optional(),
});
export type PayoutRequestQuery = z.input<typeof PayoutRequestQuery>;
export const PayoutRequestList = z.object({
  requests: z.array(PayoutRequest),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PayoutRequestList = z.infer<typeof PayoutRequestList>;
/** Provider staff move a request: pending → approved → paid, or pending/approved → rejected with a reason. */
export const PayoutStatusBody = z
  .object({
    status: z.enum(['approved', 'paid', 'rejected'], { message: 'status must be approved, paid or rejected' }),
    reason: z.string().trim().max(500, 'reason must have at most 500 characters').optional(),
  })
  .refine((b) => b.status !== 'rejected' || !!b.reason, { message: 'reason is required to reject a payout', path: ['reason'] });
export type PayoutStatusBody = z.infer<typeof PayoutStatusBody>;
export const Balance = z
  .object({
    /** Settled credits minus refunds, fees and every payout not rejected (spec §3 Balance). */
    availableToPayout: MajorUnits,
    /** Net credits of paid orders still inside the settlement delay. */
    unsettled: MajorUnits,
    /** Payouts requested and not yet paid (pending or approved). */
    pendingPayouts: MajorUnits,
    /** Payouts paid out. */
    paidPayouts: MajorUnits,
    currency: z.string(),
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof Balance>;
