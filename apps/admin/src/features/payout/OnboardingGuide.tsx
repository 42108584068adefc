import { BACK_TO_HOME } from '@backroom/contracts';
import { Anchor, Badge, Button, Card, CloseButton, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { readAccount } from '../../lib/session';
import { RefusedButton, useCanOpenPath } from '../../shell/guarded';
import { useOnboarding, useSkipStep } from './api';

/**
 * The onboarding guide of the home dashboard (spec admin-dashboard §1 "the next setup step with a button, a Skip
 * this step link and a close control", §3 `{domain}` replaced by the store domain, §4 Skip; issue 10 item 1). The
 * button opens the step's path; "Skip this step" records the skip and shows the next step, except on the closing
 * card ('Back to Home'), where it only hides the box; the close control hides the box until the next visit. A
 * failed status fetch shows nothing (§8). Progress is "x of y done" with x the steps really done: a skipped step
 * is listed as Skipped, never counted as done ("· n skipped" beside the count). A step whose page the user's scopes
 * do not open shows its button disabled with the reason (issue 31 item 7).
 */
export function OnboardingGuide() {
  const status = useOnboarding();
  const skip = useSkipStep();
  const [hidden, setHidden] = useState(false);
  const step = status.data?.currentConfig;
  const canOpenStep = useCanOpenPath(step?.path ?? '');
  if (hidden || !step || !status.data) return null;
  const domain = readAccount().storeDomain ?? '';
  const description = step.description.replaceAll('{domain}', domain);
  const { done, skipped, total, steps } = status.data;
  const onSkip = () => {
    if (step.button === BACK_TO_HOME || step.field === 'done') setHidden(true);
    else skip.mutate(step.field);
  };
  return (
    <Card component="section" aria-label="Setup guide" withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Setup guide · {done} of {total} done{skipped > 0 ? ` · ${skipped} skipped` : ''}
            </Text>
            <Title order={2} size="h4">
              {step.name}
            </Title>
          </Stack>
          <CloseButton aria-label="Close the setup guide" onClick={() => setHidden(true)} />
        </Group>
        <Progress value={(done / total) * 100} size="sm" aria-label="Setup progress" />
        <Text size="sm">{description}</Text>
        <Group gap="md">
          {canOpenStep ? (
            <Button component={Link} to={step.path}>
              {step.button}
            </Button>
          ) : (
            <RefusedButton>{step.button}</RefusedButton>
          )}
          <Anchor component="button" type="button" size="sm" onClick={onSkip} disabled={skip.isPending}>
            Skip this step
          </Anchor>
        </Group>
        <List aria-label="Setup steps" size="sm" spacing={4} listStyleType="none">
          {steps.map((s) => (
            <List.Item key={s.field}>
              <Group gap="xs">
                <Text size="sm" c={s.state === 'todo' ? undefined : 'dimmed'} td={s.state === 'done' ? 'line-through' : undefined}>
                  {s.name}
                </Text>
                {s.state !== 'todo' && (
                  // Dark text on the light variant: its own green and grey text fail 4.5:1 at xs (axe color-contrast).
                  <Badge size="xs" variant="light" color={s.state === 'done' ? 'green' : 'gray'} c="dark.7">
                    {s.state === 'done' ? 'Done' : 'Skipped'}
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
