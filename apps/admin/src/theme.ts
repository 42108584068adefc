import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The admin's look: calm greys, a near-black primary (buttons, checkboxes), white cards on a light grey page,
 * a dark top bar — in the spirit of Shopify's admin. System font stack, no web fonts to download.
 */
const ink: MantineColorsTuple = [
  '#f7f7f7',
  '#ebebeb',
  '#d4d4d4',
  '#b5b5b5',
  '#8a8a8a',
  '#616161',
  '#4a4a4a',
  '#303030',
  '#1a1a1a',
  '#0d0d0d',
];
const brand: MantineColorsTuple = [
  '#e6f7f0',
  '#c9ecdd',
  '#9ddcc2',
  '#6ecaa5',
  '#47bb8d',
  '#2fb07e',
  '#1f9a6b',
  '#13805a',
  '#0b6647',
  '#034d35',
];

export const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'San Francisco', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: 7,
  colors: { ink, brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '650' },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '8px', lg: '12px', xl: '16px' },
  shadows: {
    xs: '0 1px 0 rgba(26,26,26,0.07)',
    sm: '0 1px 0 rgba(26,26,26,0.07), 0 1px 2px rgba(26,26,26,0.12)',
    md: '0 4px 12px rgba(26,26,26,0.08), 0 1px 2px rgba(26,26,26,0.12)',
  },
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { radius: 'lg', shadow: 'sm', withBorder: false, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    Anchor: { defaultProps: { c: 'blue.8' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});

/** CSS variables: dimmed and error texts dark enough for WCAG AA contrast on white and on the grey page. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--br-page-bg': '#f1f1f1',
    '--br-topbar-bg': '#1a1a1a',
    '--br-nav-bg': '#ebebeb',
  },
  light: { '--mantine-color-dimmed': '#5c5c5c', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
