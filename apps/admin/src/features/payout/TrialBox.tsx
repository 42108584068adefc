import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { GuardedButton } from '../../shell/guarded';
import { useSubscription } from './api';

/**
 * The trial banner (spec admin-dashboard §1 "the days left and a Select a plan button", §4 "It shows when the trial
 * status is active and the user is not in the theme editor"; issue 10 item 2). Mounted by the shell's main area, which
 * the full-screen theme editor does not use. Hidden once a plan is chosen, and on a failed fetch. "Select a plan" shows
 * only to users whose scopes open the Plan screen (issue 31 item 7): staff without it see the days left alone.
 */
export function TrialBox() {
  const sub = useSubscription();
  if (sub.data?.status !== 'trial') return null;
  const days = sub.data.daysLeft;
  return (
    <Paper component="section" aria-label="Trial" bg="blue.0" p="sm" px="md" mb="md" radius="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="transparent" color="blue.9" aria-hidden>
            <IconClock size={18} />
          </ThemeIcon>
          <Text size="sm" fw={500} c="blue.9">
            Your free trial ends in {days} {days === 1 ? 'day' : 'days'}.
          </Text>
        </Group>
        <GuardedButton size="xs" route="website.settings.account" whenRefused="hide">
          Select a plan
        </GuardedButton>
      </Group>
    </Paper>
  );
}
