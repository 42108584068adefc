import '@mantine/core/styles.css';

/**
 * Every Mantine core style (issue 16 item 4): the entry carries only the styles of the sign-in screen (main.tsx), so
 * the first screen stays small; the shell, the full-screen layout and every other screen load this module (a lazy
 * chunk whose stylesheet Vite loads before the chunk resolves, so no screen paints unstyled).
 */
export const FULL_STYLES = true;
