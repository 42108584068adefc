import type { AllPermissionResponse, Scope } from '@backroom/contracts';
import { Checkbox, Input, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { groupState, toggleGroup } from './staff-form';

/**
 * The permission picker of the Member screen: one box per menu group (from `GET /api/auth/all-permission`), a group
 * checkbox that turns the whole group on or off (indeterminate when partly chosen) and one checkbox per scope.
 * `value` is the chosen scopes; `error` shows under the picker.
 */
export function ScopePicker({
  groups,
  value,
  onChange,
  error,
  disabled,
}: {
  groups: AllPermissionResponse['groups'];
  value: Scope[];
  onChange: (scopes: Scope[]) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Input.Wrapper
      label="Permissions"
      description="The menu items this person can open. Admins have every permission."
      error={error}
      labelElement="div"
      id={id}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs" role="group" aria-label="Permissions" style={{ alignItems: 'start' }}>
        {groups.map((g) => {
          const scopes = g.scopes.map((s) => s.scope);
          const state = groupState(scopes, value);
          return (
            <Paper key={g.group} withBorder p="sm" radius="md">
              <Stack gap={6} role="group" aria-label={`${g.group} permissions`}>
                <Checkbox
                  label={
                    <Text fw={600} size="sm">
                      {g.group}
                    </Text>
                  }
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  disabled={disabled}
                  onChange={() => onChange(toggleGroup(scopes, value))}
                  aria-label={g.scopes.length > 1 ? `All of ${g.group}` : undefined}
                  description={g.scopes.length === 1 ? g.scopes[0]!.title : undefined}
                />
                {g.scopes.length > 1 &&
                  g.scopes.map((s) => (
                    <Checkbox
                      key={s.scope}
                      ml="lg"
                      size="sm"
                      label={s.title}
                      checked={value.includes(s.scope)}
                      disabled={disabled}
                      onChange={(e) => onChange(e.currentTarget.checked ? [...value, s.scope] : value.filter((x) => x !== s.scope))}
                    />
                  ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
