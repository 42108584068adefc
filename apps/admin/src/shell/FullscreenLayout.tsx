import './full-styles';
import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** Full-screen editors (theme, book, print hub) render with no shell and no toolbar (spec §2). */
export function FullscreenLayout() {
  return (
    <Box component="main" mih="100vh" bg="white">
      <Outlet />
    </Box>
  );
}
