import type { PlanId } from '@backroom/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoneyMajor } from '../../lib/format';
import { useChoosePlan, useSubscription } from './api';

/**
 * Screen `website.settings.account` (issue 10 item 2; spec §1 trial banner's "Select a plan"): the trial's days left
 * or the chosen plan, and the plans with their monthly price; choosing one records it (`PUT /api/stores/subscription`).
 * No billing provider: nothing is charged (README).
 */
export default function PlanScreen() {
  const sub = useSubscription();
  const choose = useChoosePlan();
  const s = sub.data;
  return (
    <Stack gap="lg" maw={1000} mx="auto" w="100%">
      <Title order={1} size="h2">
        Plan
      </Title>
      {!s ? (
        <Skeleton h={120} />
      ) : (
        <>
          <Text>
            {s.status === 'active' && `Your plan: ${s.plans.find((p) => p.id === s.plan)?.name ?? s.plan}.`}
            {s.status === 'trial' &&
              `Your free trial ends in ${s.daysLeft} ${s.daysLeft === 1 ? 'day' : 'days'}. Select a plan to keep selling.`}
            {s.status === 'expired' && 'Your free trial has ended. Select a plan to keep selling.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {s.plans.map((p) => {
              const current = s.plan === p.id;
              return (
                <Card key={p.id} component="section" aria-label={`${p.name} plan`} withBorder>
                  <Stack gap="sm" h="100%">
                    <Group justify="space-between">
                      <Title order={2} size="h4">
                        {p.name}
                      </Title>
                      {current && <Badge color="green">Current plan</Badge>}
                    </Group>
                    <Text fz={26} fw={700}>
                      {formatMoneyMajor(p.monthlyPrice)}
                      <Text span size="sm" c="dimmed" fw={400}>
                        {' '}
                        / month
                      </Text>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {p.description}
                    </Text>
                    <Button
                      mt="auto"
                      disabled={current}
                      loading={choose.isPending && choose.variables === p.id}
                      onClick={() => choose.mutate(p.id as PlanId)}
                    >
                      {current ? 'Selected' : `Choose ${p.name}`}
                    </Button>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
