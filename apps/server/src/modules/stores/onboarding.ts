import {
  BACK_TO_HOME,
  ONBOARDING_STEPS,
  type OnboardingField,
  type OnboardingStatus,
  type OnboardingStep,
  PLANS,
  type PlanId,
  type Subscription,
} from '@backroom/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/client.js';
import { hasPayoutConfig, storeHasGateway } from '../payout/index.js';

/**
 * The onboarding guide and the subscription (spec admin-dashboard §1 onboarding guide and trial banner, §3
 * Onboarding status, §4 Onboarding / Trial box, §7 GET /stores/config/status, PUT /stores/config/skip; issue 10
 * items 1 and 2).
 */

type Step = Omit<OnboardingStep, 'field'> & { field: (typeof ONBOARDING_STEPS)[number] };

/** The steps in order, with their texts (buttons ≤ 50 characters, spec §9; `{domain}` = the store domain, §3). */
const STEPS: Record<(typeof ONBOARDING_STEPS)[number], Step> = {
  add_product: {
    field: 'add_product',
    name: 'Add your first product',
    description: 'Add what you sell: a title, pictures, a price and the variants shoppers can choose from.',
    button: 'Add product',
    path: '/admin/products/create',
  },
  customize_theme: {
    field: 'customize_theme',
    name: 'Customize your theme',
    description: 'Make {domain} look like your brand: logo, colours, fonts and the sections of the home page.',
    button: 'Customize theme',
    path: '/admin/themes',
  },
  connect_domain: {
    field: 'connect_domain',
    name: 'Connect a domain',
    description: 'Your shop is at {domain}. Connect a domain of your own so shoppers find you by your name.',
    button: 'Connect domain',
    path: '/admin/domains',
  },
  payment_gateway: {
    field: 'payment_gateway',
    name: 'Get a payment gateway',
    description: 'Shoppers can pay once the administrator has set up a payment gateway for {domain}. Contact them.',
    button: 'View payment gateways',
    path: '/admin/settings/payout',
  },
  set_up_payouts: {
    field: 'set_up_payouts',
    name: 'Set up payouts',
    description: 'Tell us where to send your money: a card, a bank account or a PayPal e-mail.',
    button: 'Set up payouts',
    path: '/admin/settings/payout',
  },
  test_order: {
    field: 'test_order',
    name: 'Place a test order',
    description: 'Buy something on {domain} to see checkout, the order e-mail and the order in your admin.',
    button: 'View orders',
    path: '/admin/orders',
  },
};

/** The closing card once every step is done: its Skip only hides the box (spec §4). */
const DONE: OnboardingStep = {
  field: 'done',
  name: 'Your shop is ready',
  description: 'Every setup step of {domain} is done. Welcome aboard!',
  button: BACK_TO_HOME,
  path: '/admin',
};

/** The closing card when nothing is left to do but some steps were skipped: it says so instead of "every step is done". */
const FINISHED_WITH_SKIPS: OnboardingStep = {
  field: 'done',
  name: 'Setup finished',
  description: 'You skipped some setup steps of {domain}: they stay in the list below whenever you want to come back to them.',
  button: BACK_TO_HOME,
  path: '/admin',
};

/**
 * The shop's steps: those its real state has done (products, a saved theme, a custom domain verified by DNS — one only
 * added is not connected yet —, gateways, payouts, orders) and those skipped.
 */
async function stepStates(db: Db, storeId: string): Promise<{ done: Set<OnboardingField>; skipped: Set<OnboardingField> }> {
  const [s] = await rows<{ product: boolean; theme: boolean; domain: boolean; order: boolean; skipped: string[] | null }>(
    db,
    sql`select exists (select 1 from products where store_id = ${storeId}::uuid) as product,
               exists (select 1 from theme_configs where store_id = ${storeId}::uuid and (note = 'save' or note like 'restore:%')) as theme,
               exists (select 1 from domains where store_id = ${storeId}::uuid and domain_type <> 'SystemDefault' and status = 'verified') as domain,
               exists (select 1 from orders where store_id = ${storeId}::uuid) as order,
               (select array_agg(field) from onboarding_skips where store_id = ${storeId}::uuid) as skipped`,
  );
  const done = new Set<OnboardingField>();
  if (s?.product) done.add('add_product');
  if (s?.theme) done.add('customize_theme');
  if (s?.domain) done.add('connect_domain');
  if (s?.order) done.add('test_order');
  if (await storeHasGateway(db, storeId)) done.add('payment_gateway');
  if (await hasPayoutConfig(db, storeId)) done.add('set_up_payouts');
  // A step done after it was skipped counts as done.
  const skipped = new Set(((s?.skipped ?? []) as OnboardingField[]).filter((f) => !done.has(f)));
  return { done, skipped };
}

/**
 * GET /api/stores/config/status: the first step, in order, that is neither done (derived from the shop's state)
 * nor skipped; the closing card 'Back to Home' when none is left ("Your shop is ready" only when every step is
 * really done, else "Setup finished" naming the skips). `done` counts done steps only — a skipped step is shown as
 * skipped and never counted as done (the guide's "x of y done"); `steps` lists every step with its state.
 */
export async function onboardingStatus(db: Db, storeId: string): Promise<OnboardingStatus> {
  const { done, skipped } = await stepStates(db, storeId);
  const left = ONBOARDING_STEPS.filter((f) => !done.has(f) && !skipped.has(f));
  const steps = ONBOARDING_STEPS.map((f) => ({
    field: f,
    name: STEPS[f].name,
    state: done.has(f) ? ('done' as const) : skipped.has(f) ? ('skipped' as const) : ('todo' as const),
  }));
  return {
    currentConfig: left[0] ? STEPS[left[0]] : skipped.size ? FINISHED_WITH_SKIPS : DONE,
    remaining: left.length,
    done: done.size,
    skipped: skipped.size,
    total: ONBOARDING_STEPS.length,
    steps,
  };
}

/** PUT /api/stores/config/skip: records step `field` as skipped (again: no change) and answers the new status. */
export async function skipOnboardingStep(db: Db, storeId: string, field: (typeof ONBOARDING_STEPS)[number]): Promise<OnboardingStatus> {
  await rows(db, sql`insert into onboarding_skips (store_id, field) values (${storeId}::uuid, ${field}) on conflict do nothing`);
  return onboardingStatus(db, storeId);
}

const DAY_MS = 86_400_000;

/**
 * The shop's subscription (the session's subscription fetch, spec §7; issue 10 item 2): the chosen plan and the
 * trial end (the row's, else the shop's creation + TRIAL_DAYS). `daysLeft` = whole days to the trial end, rounded
 * up, 0 when over; status `active` with a plan, else `trial` or `expired`.
 */
export async function getSubscription(db: Db, config: Config, storeId: string, now = new Date()): Promise<Subscription> {
  const [r] = await rows<{ plan: string | null; trial_ends_at: Date | string }>(
    db,
    sql`select sub.plan, coalesce(sub.trial_ends_at, s.created_at + (${config.trialDays}::int * interval '1 day')) as trial_ends_at
          from stores s left join store_subscriptions sub on sub.store_id = s.id where s.id = ${storeId}::uuid`,
  );
  const ends = new Date(r?.trial_ends_at ?? now);
  const daysLeft = Math.max(0, Math.ceil((ends.getTime() - now.getTime()) / DAY_MS));
  const plan = (r?.plan ?? null) as PlanId | null;
  return {
    plan,
    status: plan ? 'active' : daysLeft > 0 ? 'trial' : 'expired',
    trialEndsAt: ends.toISOString(),
    daysLeft,
    plans: PLANS.map((p) => ({ ...p })),
  };
}

/** PUT /api/stores/subscription: records the chosen plan (no billing provider, README); the trial end is kept. */
export async function choosePlan(db: Db, config: Config, storeId: string, plan: PlanId): Promise<Subscription> {
  await rows(
    db,
    sql`insert into store_subscriptions (store_id, plan, trial_ends_at, chosen_at)
        select s.id, ${plan}, s.created_at + (${config.trialDays}::int * interval '1 day'), now() from stores s where s.id = ${storeId}::uuid
        on conflict (store_id) do update set plan = excluded.plan, chosen_at = now()`,
  );
  return getSubscription(db, config, storeId);
}
