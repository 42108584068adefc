import { ErrorResponse, OnboardingSkipBody, OnboardingStatus, Subscription, SubscriptionBody } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { choosePlan, getSubscription, onboardingStatus, skipOnboardingStep } from './onboarding.js';

/**
 * Onboarding guide and subscription (spec admin-dashboard §7 "Onboarding and domains", §1, §4; issue 10 items 1–2):
 * - GET /api/stores/config/status            any member  → {currentConfig {field, name, description, button, path}, remaining, total}
 * - PUT /api/stores/config/skip   {field}    any member  → the new status
 * - GET /api/stores/subscription             any member  → {plan, status, trialEndsAt, daysLeft, plans} (the session's fetch)
 * - PUT /api/stores/subscription  {plan}     settings    → the subscription with the plan recorded (no billing provider)
 */
export default async function onboardingRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const member = { preHandler: app.guard({ scope: null }) };
  const tags = ['stores'];

  app.get(
    '/api/stores/config/status',
    {
      ...member,
      schema: {
        summary: 'The next onboarding step',
        operationId: 'getOnboardingStatus',
        tags,
        response: { 200: OnboardingStatus, ...errors },
      },
    },
    async (req) => onboardingStatus(app.db, req.auth.storeId),
  );
  app.put(
    '/api/stores/config/skip',
    {
      ...member,
      schema: {
        summary: 'Skip an onboarding step',
        operationId: 'skipOnboardingStep',
        tags,
        body: OnboardingSkipBody,
        response: { 200: OnboardingStatus, ...errors },
      },
    },
    async (req) => skipOnboardingStep(app.db, req.auth.storeId, req.body.field),
  );
  app.get(
    '/api/stores/subscription',
    {
      ...member,
      schema: { summary: "The shop's plan and trial", operationId: 'getSubscription', tags, response: { 200: Subscription, ...errors } },
    },
    async (req) => getSubscription(app.db, app.config, req.auth.storeId),
  );
  app.put(
    '/api/stores/subscription',
    {
      preHandler: app.guard({ scope: 'settings' }),
      schema: {
        summary: 'Choose a plan',
        operationId: 'choosePlan',
        tags,
        body: SubscriptionBody,
        response: { 200: Subscription, ...errors },
      },
    },
    async (req) => choosePlan(app.db, app.config, req.auth.storeId, req.body.plan),
  );
}
