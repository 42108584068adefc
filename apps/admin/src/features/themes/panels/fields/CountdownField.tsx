import { type CountdownSetting, type CountdownValue, startCountdown } from '@backroom/theme';
import { Fieldset, Group, NumberInput, Text } from '@mantine/core';
import { type ShopDates, useShopDates } from '../../../../lib/dates';
import { fieldId, usePanel } from '../context';
import { useLocalValue } from '../use-local-value';
import type { FieldProps } from './types';

const PARTS = [
  { key: 'day', label: 'Days' },
  { key: 'hour', label: 'Hours' },
  { key: 'min', label: 'Minutes' },
] as const;

/**
 * "Ends Nov 24, 2026, 2:05 PM PST" on the shop's clock (`dates`, lib/dates.ts; issue 30 item 4), or the
 * not-started text.
 */
export function countdownEndText(v: CountdownValue, dates: ShopDates): string {
  if (!v.getTime) return 'Counts down from each visit until edited.';
  const when = dates.dateTime(v.getTime);
  return `${v.getTime < Date.now() ? 'Ended' : 'Ends'} ${when}`;
}

/**
 * A count-down (spec §4 "stored as an end timestamp: now plus the day, hour and minute offsets"): days, hours and
 * minutes inputs cast to whole numbers; each change stores `getTime` = now + the offsets (epoch ms).
 */
export function CountdownField({ setting, path, value, disabled }: FieldProps<CountdownSetting>) {
  const dates = useShopDates();
  const { emit } = usePanel();
  const v: CountdownValue = { day: 0, hour: 0, min: 0, getTime: 0, ...(value as Partial<CountdownValue> | undefined) };
  const id = fieldId(path);
  return (
    <Fieldset
      legend={setting.label}
      variant="unstyled"
      disabled={disabled}
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
    >
      <Group gap="xs" grow>
        {PARTS.map((p) => (
          <PartInput
            key={p.key}
            id={`${id}-${p.key}`}
            label={p.label}
            value={v[p.key]}
            onNumber={(n) => emit([...path], startCountdown({ day: v.day, hour: v.hour, min: v.min, [p.key]: n }))}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {countdownEndText(v, dates)}
      </Text>
    </Fieldset>
  );
}

/** One offset input: whole numbers from 0; "Invalid number." while it holds none (spec §5, nothing reported then). */
function PartInput(props: { id: string; label: string; value: number; onNumber: (n: number) => void }) {
  const [local, setLocal] = useLocalValue<number | string>(props.value);
  return (
    <NumberInput
      id={props.id}
      label={props.label}
      value={local}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      error={typeof local === 'number' ? undefined : 'Invalid number.'}
      onChange={(n) => {
        setLocal(n);
        if (typeof n === 'number' && Number.isFinite(n)) props.onNumber(n);
      }}
    />
  );
}
