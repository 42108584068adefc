import { type ComponentType, lazy } from 'react';
import LoginScreen from './features/auth/LoginScreen';
import type { RouteName } from './routes';
import { Coming } from './shell/ComingScreen';

/**
 * Route name → screen component (lazy, one chunk per screen). One line per route: an engineer who builds a screen
 * swaps its line to `lazy(() => import('./features/<area>/<Screen>'))` (a default export). Lines still on
 * `Coming` show the honest "coming" screen (shell/ComingScreen.tsx).
 */
export const SCREENS: Record<RouteName, ComponentType> = {
  website: lazy(() => import('./features/home/HomeScreen')),
  'website.orders': Coming,
  'website.orders.detail': Coming,
  'website.abandoned': Coming,
  'website.products': lazy(() => import('./features/products/ProductsScreen')),
  'website.products.create': Coming,
  'website.products.bulkEdit': Coming,
  'website.products.update': Coming,
  'website.collections': Coming,
  'website.catalog': Coming,
  'website.inventory': Coming,
  'website.product-feeds': Coming,
  'website.product-personalized': Coming,
  'website.bulkupdates': Coming,
  'website.menufilter': Coming,
  'website.apps.product-review.list': Coming,
  'website.sizechart': Coming,
  'website.clearCacheUrls': Coming,
  'website.customer': Coming,
  'website.analytics': lazy(() => import('./features/analytics/OverviewScreen')),
  'website.sales-reports': Coming,
  'website.estimated-profit': Coming,
  'website.utm-analystics': Coming,
  'website.live-view': Coming,
  'website.pixel.sharePixel': Coming,
  'website.discount.code': Coming,
  'website.discount.automatic': Coming,
  'website.upsell': Coming,
  'website.apps': Coming,
  'website.apps.widgets.list': Coming,
  'website.themes': lazy(() => import('./features/themes/ThemesScreen')),
  'website.pages': Coming,
  'website.menus': Coming,
  'website.domain': Coming,
  'website.preferences': Coming,
  'website.settings': Coming,
  'website.settings.payout': Coming,
  'website.settings.account': Coming,
  'website.member': lazy(() => import('./features/staff/MemberScreen')),
  'website.notification': Coming,
  'website.custom-store': Coming,
  'website.profile': lazy(() => import('./features/staff/ProfileScreen')),
  'no-access': lazy(() => import('./features/no-access/NoAccessScreen')),
  'website.themes.editor': lazy(() => import('./features/themes/editor/EditorScreen')),
  'book-editor': Coming,
  'book2-editor': Coming,
  'print-hub-editor': Coming,
  'auth.login': LoginScreen, // eager: the first screen most visits see
  'auth.shop': lazy(() => import('./features/auth/ShopScreen')),
  'auth.forgot': lazy(() => import('./features/account/ForgotScreen')),
  'auth.reset': lazy(() => import('./features/account/ResetScreen')),
  'auth.register': lazy(() => import('./features/account/RegisterScreen')),
  'auth.survey': lazy(() => import('./features/account/SurveyScreen')),
};
