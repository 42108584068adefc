import { Box, Center, Group, Stack, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { BrandMark } from './BrandMark';

/** The sign-in pages' frame (/auth/*): brand on top, the form card centred on the grey page. */
export function AuthLayout() {
  return (
    <Box mih="100vh" bg="var(--br-page-bg)" py={{ base: 'lg', sm: 48 }} px="md">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Group justify="center">
            <BrandMark size={36} />
          </Group>
          <Box component="main">
            <Outlet />
          </Box>
          <Text size="xs" c="dimmed" ta="center">
            Backroom · the back office of your online store
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
