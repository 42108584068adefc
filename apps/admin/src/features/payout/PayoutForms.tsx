import {
  CardBody,
  formatMoney,
  PAYOUT_METHODS,
  PAYOUT_SCHEDULES,
  type PayoutConfig,
  PayoutConfigBody,
  PayoutRequestBody,
} from '@backroom/contracts';
import { ActionIcon, Button, Card, Group, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { MoneyInput, useShopCurrency } from '../../components/MoneyInput';
import { NumberInput } from '../../components/NumberInput';
import { useSubmit } from '../../lib/use-submit';
import { useCards, usePayoutConfig, usePayoutMutations } from './api';

// The payout screen's forms (spec admin-dashboard §7 Payout; issue 10 item 4): request a payout, the payout cards,
// the payout method. Each validates with the request body's contract schema, so its messages are the server's.

/**
 * "Request a payout": the amount in major units, at most the available balance (the server decides, §7).
 * `onDone` runs after the server accepted the request (the dialog of route website.settings.payout.request closes).
 */
export function RequestForm({ available, currency, onDone }: { available: number; currency: string; onDone?: () => void }) {
  const { request } = usePayoutMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<{ amount: number | '' }, PayoutRequestBody>({
    initialValues: { amount: '' },
    validate: schemaResolver(PayoutRequestBody, { sync: true }),
    validateInputOnChange: submitted,
    transformValues: (v) => ({ amount: Number(v.amount) }),
  });
  const submit = handleSubmit(form, async (v) => {
    await request.mutateAsync(v.amount);
    form.reset();
    onDone?.();
  });
  return (
    <form onSubmit={submit} aria-label="Request a payout" noValidate>
      <Group align="flex-end" gap="sm">
        <MoneyInput
          label={`Amount (${currency})`}
          description={`Up to ${formatMoney(available, currency)}`}
          currency={currency}
          w={200}
          {...form.getInputProps('amount')}
        />
        <Button type="submit" loading={request.isPending}>
          Request payout
        </Button>
      </Group>
    </form>
  );
}

const thisYear = new Date().getFullYear();
type CardValues = { holderName: string; number: string; expMonth: number | ''; expYear: number | '' };

/** The payout cards: brand, last 4, holder, expiry, remove; and the form adding one (the number is never kept). */
export function CardsSection() {
  const cards = useCards();
  const { addCard, removeCard } = usePayoutMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<CardValues>({
    initialValues: { holderName: '', number: '', expMonth: '', expYear: '' },
    validate: schemaResolver(CardBody, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    await addCard.mutateAsync({ ...v, expMonth: Number(v.expMonth), expYear: Number(v.expYear) });
    form.reset();
  });
  const list = cards.data?.cards ?? [];
  return (
    <Card component="section" aria-labelledby="payout-cards">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payout-cards">
          Payout cards
        </Title>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No card yet.
          </Text>
        ) : (
          <Table aria-label="Payout cards">
            <Table.Tbody>
              {list.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    {c.brand} •••• {c.last4}
                  </Table.Td>
                  <Table.Td>{c.holderName}</Table.Td>
                  <Table.Td>
                    {String(c.expMonth).padStart(2, '0')}/{c.expYear}
                  </Table.Td>
                  <Table.Td ta="right">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${c.brand} •••• ${c.last4}`}
                      onClick={() => removeCard.mutate(c)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={submit} aria-label="Add a card" noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label="Card holder" w={200} {...form.getInputProps('holderName')} />
            <TextInput label="Card number" inputMode="numeric" autoComplete="off" w={220} {...form.getInputProps('number')} />
            <NumberInput label="Month" min={1} max={12} w={90} hideControls {...form.getInputProps('expMonth')} />
            <NumberInput label="Year" min={thisYear} max={thisYear + 30} w={100} hideControls {...form.getInputProps('expYear')} />
            <Button type="submit" mt={25} loading={addCard.isPending} variant="light">
              Add card
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

type ConfigValues = {
  method: PayoutConfig['method'];
  cardId: string | null;
  accountHolder: string;
  iban: string;
  paypalEmail: string;
  minimumAmount: number;
  schedule: PayoutConfig['schedule'];
};
const METHOD_LABEL: Record<PayoutConfig['method'], string> = { card: 'Card', bank: 'Bank account', paypal: 'PayPal' };

/**
 * The config body of the form's values: the chosen method with ITS destination fields only. The fields of the other
 * methods (hidden, often empty) are left out, so they are neither sent nor checked — an empty, hidden PayPal e-mail
 * must not stop a bank account from being saved.
 */
function configBody(v: ConfigValues): PayoutConfigBody {
  return {
    method: v.method,
    minimumAmount: v.minimumAmount,
    schedule: v.schedule,
    ...(v.method === 'card' ? { cardId: v.cardId } : {}),
    ...(v.method === 'bank' ? { accountHolder: v.accountHolder, iban: v.iban } : {}),
    ...(v.method === 'paypal' ? { paypalEmail: v.paypalEmail } : {}),
  };
}
const validateConfig = schemaResolver(PayoutConfigBody, { sync: true });

/** The payout method: card, bank account (IBAN, shown masked once saved) or PayPal e-mail; minimum and schedule. */
export function ConfigSection() {
  const currency = useShopCurrency();
  const cfg = usePayoutConfig();
  const cards = useCards();
  const { saveConfig } = usePayoutMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<ConfigValues>({
    initialValues: { method: 'bank', cardId: null, accountHolder: '', iban: '', paypalEmail: '', minimumAmount: 0, schedule: 'manual' },
    validate: (values) => validateConfig(configBody(values)),
    validateInputOnChange: submitted,
  });
  const current = cfg.data?.config ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form once the saved config arrives (and after a save)
  useEffect(() => {
    if (!current) return;
    form.setValues({
      method: current.method,
      cardId: current.cardId,
      accountHolder: current.accountHolder ?? '',
      iban: '',
      paypalEmail: current.paypalEmail ?? '',
      minimumAmount: current.minimumAmount,
      schedule: current.schedule,
    });
  }, [current]);
  const method = form.values.method;
  const submit = handleSubmit(form, async (v) => {
    await saveConfig.mutateAsync({ id: current?.id ?? null, body: configBody(v) });
    form.setFieldValue('iban', '');
  });
  return (
    <Card component="section" aria-labelledby="payout-method">
      <form onSubmit={submit} aria-label="Payout method" noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="payout-method">
            Payout method
          </Title>
          {current && (
            <Text size="sm">
              Payouts go to: <b>{current.destination}</b>
            </Text>
          )}
          <SegmentedControl
            aria-label="Method"
            data={PAYOUT_METHODS.map((m) => ({ value: m, label: METHOD_LABEL[m] }))}
            {...form.getInputProps('method')}
          />
          {method === 'card' && (
            <Select
              label="Card"
              placeholder={cards.data?.cards.length ? 'Choose a card' : 'Add a card first'}
              data={(cards.data?.cards ?? []).map((c) => ({ value: c.id, label: `${c.brand} •••• ${c.last4}` }))}
              {...form.getInputProps('cardId')}
            />
          )}
          {method === 'bank' && (
            <Group grow align="flex-start">
              <TextInput label="Account holder" {...form.getInputProps('accountHolder')} />
              <TextInput
                label="IBAN"
                placeholder={current?.ibanMasked ?? 'DE89 3704 0044 0532 0130 00'}
                autoComplete="off"
                {...form.getInputProps('iban')}
              />
            </Group>
          )}
          {method === 'paypal' && <TextInput label="PayPal e-mail" type="email" {...form.getInputProps('paypalEmail')} />}
          <Group grow align="flex-start">
            <MoneyInput label="Minimum payout" currency={currency} {...form.getInputProps('minimumAmount')} />
            <Select
              label="Schedule"
              data={PAYOUT_SCHEDULES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
              allowDeselect={false}
              {...form.getInputProps('schedule')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={saveConfig.isPending}>
              Save payout method
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
