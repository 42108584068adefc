import { DEFAULT_TIMEZONE, PAYMENT_CHOICES, StorePreferencesBody } from '@backroom/contracts';
import { Alert, Box, Button, Card, Grid, Group, Radio, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { HtmlEditor } from '../../components/HtmlEditor';
import { sanitizeHtml } from '../../lib/sanitize';
import { useSubmit } from '../../lib/use-submit';
import { usePreferences, useSavePreferences } from './api';

interface Values {
  storeName: string;
  standardTimezone: string;
  businessType: 'dropship' | 'other';
  paymentChoice: { type: (typeof PAYMENT_CHOICES)[number] };
  storeFrontDefaultTheme: string | null;
  homeHtml: string;
  cookieConsentBanner: boolean;
}

const PAYMENT_LABELS: Record<(typeof PAYMENT_CHOICES)[number], string> = { seller: 'Seller', latte: 'Latte', other: 'Other' };

/** Every IANA time zone the browser knows, with the default first when missing. */
function timeZones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.includes(DEFAULT_TIMEZONE) ? list : [DEFAULT_TIMEZONE, ...list];
}

/**
 * `website.preferences` (`/admin/preferences`, scope `preferences`; spec admin-dashboard §3 Page preference, §1
 * homeHtml; issue 11 item 5): store name, timezone (searchable IANA list, default America/Los_Angeles), business type
 * (dropship or other — the menu follows: Personalized Product is hidden for dropship shops), payment choice (seller,
 * latte or other), default storefront theme (published on save), the storefront's cookie-consent banner (issue 17
 * item 6: ad pixels wait for the shopper's consent), and the home dashboard's HTML block, edited in a
 * rich-text editor beside a sanitised preview. Rules come from the contract's StorePreferencesBody.
 */
export default function PreferencesScreen() {
  const prefs = usePreferences();
  const save = useSavePreferences();
  const zones = useMemo(timeZones, []);
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      storeName: '',
      standardTimezone: DEFAULT_TIMEZONE,
      businessType: 'other',
      paymentChoice: { type: 'seller' },
      storeFrontDefaultTheme: null,
      homeHtml: '',
      cookieConsentBanner: false,
    },
    validate: schemaResolver(StorePreferencesBody, { sync: true }),
    validateInputOnChange: submitted,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the values when they arrive
  useEffect(() => {
    if (!prefs.data) return;
    const { themes: _t, ...v } = prefs.data;
    form.setValues(v);
    form.resetDirty();
  }, [prefs.data]);
  const submit = handleSubmit(form, async (v) => {
    await save.mutateAsync(v);
  });
  const preview = useMemo(() => sanitizeHtml(form.values.homeHtml), [form.values.homeHtml]);
  if (prefs.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The preferences could not be loaded" maw={900} mx="auto">
        {prefs.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Preferences
        </Title>
        <Text c="dimmed" size="sm">
          Your store’s name, timezone, business type and what your home dashboard shows.
        </Text>
      </Stack>
      {prefs.isPending ? (
        <Skeleton h={420} radius="lg" />
      ) : (
        <form noValidate aria-label="Preferences" onSubmit={submit}>
          <Stack gap="lg">
            <Card padding="lg">
              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label="Store name" withAsterisk {...form.getInputProps('storeName')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label="Timezone"
                    description="Reports and the dashboard count days in this timezone."
                    searchable
                    limit={50}
                    data={zones}
                    allowDeselect={false}
                    nothingFoundMessage="No such timezone"
                    {...form.getInputProps('standardTimezone')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Radio.Group label="Business type" {...form.getInputProps('businessType')}>
                    <Stack gap="xs" mt="xs">
                      <Radio value="other" label="My own products or print on demand" />
                      <Radio value="dropship" label="Dropshipping" description="Personalized Product is hidden from the menu" />
                    </Stack>
                  </Radio.Group>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Radio.Group label="Payment choice" {...form.getInputProps('paymentChoice.type')}>
                    <Group gap="lg" mt="xs">
                      {PAYMENT_CHOICES.map((c) => (
                        <Radio key={c} value={c} label={PAYMENT_LABELS[c]} />
                      ))}
                    </Group>
                  </Radio.Group>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label="Default storefront theme"
                    description="Published when you save."
                    data={(prefs.data?.themes ?? []).map((t) => ({ value: t.id, label: t.name }))}
                    allowDeselect={false}
                    {...form.getInputProps('storeFrontDefaultTheme')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Switch
                    mt="lg"
                    label="Cookie consent banner"
                    description="Your storefront asks shoppers for consent and loads ad pixels only after they accept."
                    {...form.getInputProps('cookieConsentBanner', { type: 'checkbox' })}
                  />
                </Grid.Col>
              </Grid>
            </Card>
            <Card padding="lg">
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <HtmlEditor
                    label="Home dashboard block"
                    description="Shown to your staff on the home dashboard. Scripts and event handlers are removed."
                    value={form.values.homeHtml}
                    onChange={(html) => form.setFieldValue('homeHtml', html)}
                    error={form.errors.homeHtml}
                    minHeight={160}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Text size="sm" fw={500} mb={4} id="home-preview-label">
                    Preview
                  </Text>
                  <Box
                    role="region"
                    aria-labelledby="home-preview-label"
                    p="md"
                    style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)', minHeight: 160 }}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above (and by the server on save).
                    dangerouslySetInnerHTML={{ __html: preview || '<p style="color:#868e96">Nothing to show yet.</p>' }}
                  />
                </Grid.Col>
              </Grid>
            </Card>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
