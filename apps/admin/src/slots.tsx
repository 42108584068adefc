import { BalanceCard } from './features/payout/BalanceCard';
import { GatewayNotice } from './features/payout/GatewayNotice';
import { OnboardingGuide } from './features/payout/OnboardingGuide';
import { TrialBox } from './features/payout/TrialBox';

/**
 * Slots: pieces one feature shows on another's screen or in the shell. Features never import each other and the
 * shell never imports a feature (biome.json, issue 15), so, like `screens.tsx` for whole screens, this root-level
 * registry names the component of each slot and the host renders the slot without knowing the feature.
 *
 * - `HOME_TOP`: above the home dashboard's figures — the onboarding guide and the payment-gateway 'Notify' dialog
 *   (issue 10, spec admin-dashboard §1, §4, §8).
 * - `HOME_BOTTOM`: below the figures — the balance (spec §3, §4).
 * - `SHELL_BANNER`: at the top of every shell screen — the trial banner (spec §1, §4; the theme editor is full screen,
 *   so it never shows there).
 */
export const HOME_TOP = [
  { id: 'onboarding-guide', Slot: OnboardingGuide },
  { id: 'gateway-notice', Slot: GatewayNotice },
] as const;
export const HOME_BOTTOM = [{ id: 'balance', Slot: BalanceCard }] as const;
export const SHELL_BANNER = [{ id: 'trial', Slot: TrialBox }] as const;
