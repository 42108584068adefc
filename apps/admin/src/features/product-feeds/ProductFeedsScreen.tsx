import { Alert, Anchor, Badge, Button, Card, CopyButton, Group, List, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { formatCount } from '../../lib/format';
import { useProductFeeds } from './api';

/**
 * `website.product-feeds` (`/admin/product-feeds`, scope `products`; issue 13 item 9): the shop's Google Merchant
 * Center feed — its public address on the storefront origin (`/feeds/google.xml`, to paste into Merchant Center as a
 * scheduled fetch; copy and open buttons), how many items (one per variant) and products it holds, and the products
 * Merchant Center would refuse (no picture: left out) or flag (no description, brand or GTIN/MPN). The feed is built
 * from the catalog on every fetch, so it is always current.
 */
export default function ProductFeedsScreen() {
  const feeds = useProductFeeds();
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Product Feeds
        </Title>
        <Text c="dimmed" size="sm">
          Feeds of your active products for shopping channels. They follow every change of your catalog.
        </Text>
      </Stack>
      {feeds.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The feeds could not be loaded">
          {feeds.error.message}
        </Alert>
      )}
      {feeds.isPending && <Skeleton h={220} radius="lg" />}
      {feeds.data?.feeds.map((f) => (
        <Card key={f.channel} padding="lg">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {f.name}
              </Title>
              <Badge variant="dot" color={f.items ? 'green' : 'gray'} c="dark.7" radius="sm" tt="none" fw={600}>
                {f.items ? 'Live' : 'Empty'}
              </Badge>
            </Group>
            <Text size="sm">
              {formatCount(f.items)} item{f.items === 1 ? '' : 's'} from {formatCount(f.products)} product{f.products === 1 ? '' : 's'} (one
              item per variant).
            </Text>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label="Feed address"
                readOnly
                value={f.url}
                style={{ flex: 1, minWidth: 240 }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <CopyButton value={f.url}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
              <Button
                component="a"
                href={f.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                rightSection={<IconExternalLink size={16} aria-hidden />}
              >
                Open feed
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              In Google Merchant Center, add a product source with a scheduled fetch from this address.{' '}
              <Anchor
                href="https://support.google.com/merchants/answer/7052112"
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                underline="always"
              >
                Product data specification
              </Anchor>
            </Text>
            {f.issues.length > 0 && (
              <Stack gap={6}>
                <Title order={3} size="h5">
                  Products to fix ({formatCount(f.issues.length)})
                </Title>
                <List size="sm" spacing={4} aria-label="Products to fix">
                  {f.issues.map((i) => (
                    <List.Item key={i.productId}>
                      <Text span fw={600} size="sm">
                        {i.title}
                      </Text>
                      : {i.problems.join(', ')}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
