import { chooseFontFamily, chooseFontStyle, FONT_FAMILIES, FONT_STYLES, type FontSetting, type FontValue } from '@backroom/theme';
import { Button, Drawer, Input, NavLink, ScrollArea, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { fieldId, usePanel } from '../context';
import type { FieldProps } from './types';

/** Shown in the drawer after a family is chosen and before a style is (spec §4: the family choice resets the style). */
export const CHOOSE_STYLE_TEXT = 'Choose a style for this family.';

/**
 * A font setting (spec §3 Typography, §4 font drawer): a button showing the family and style opens a drawer with the
 * families of spec §9 and the styles 100 Thin … 950 Extra Black, each also italic. Choosing a family resets style,
 * url and key (`chooseFontFamily`); choosing a style sets them (`chooseFontStyle`).
 */
export function FontField({ setting, path, value, disabled }: FieldProps<FontSetting>) {
  const { emit } = usePanel();
  const [opened, { open, close }] = useDisclosure(false);
  const [filter, setFilter] = useState('');
  const font: FontValue = { font: '', style: '', url: '', key: '', ...(value as Partial<FontValue> | undefined) };
  const id = fieldId(path);
  const families = FONT_FAMILIES.filter((f) => f.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Input.Wrapper label={setting.label} description={setting.info} id={id} labelProps={{ id: `${id}-label` }}>
      <Button
        mt={4}
        variant="default"
        fullWidth
        justify="space-between"
        onClick={open}
        disabled={disabled}
        aria-labelledby={`${id}-label ${id}-value`}
        rightSection={<Text size="xs">Change</Text>}
      >
        <span id={`${id}-value`}>{font.font ? `${font.font}${font.style ? ` · ${font.style}` : ''}` : 'No font'}</span>
      </Button>
      <Drawer opened={opened} onClose={close} title={setting.label} position="left" size="sm" scrollAreaComponent={ScrollArea.Autosize}>
        <Stack gap="md">
          <TextInput label="Search fonts" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
          <div role="radiogroup" aria-label="Font family">
            {families.map((f) => (
              <NavLink
                key={f}
                component="button"
                role="radio"
                aria-checked={f === font.font}
                active={f === font.font}
                label={f}
                onClick={() => f !== font.font && emit([...path], chooseFontFamily(f))}
              />
            ))}
            {families.length === 0 && (
              <Text size="sm" c="dimmed">
                No font family matches.
              </Text>
            )}
          </div>
          {font.font && (
            <Stack gap={6}>
              <Text fw={600} size="sm" id={`${id}-styles`}>
                Style of {font.font}
              </Text>
              {!font.style && (
                <Text size="sm" c="orange.9">
                  {CHOOSE_STYLE_TEXT}
                </Text>
              )}
              <SimpleGrid cols={2} spacing={6} role="radiogroup" aria-labelledby={`${id}-styles`}>
                {FONT_STYLES.map((st) => (
                  <UnstyledButton
                    key={st}
                    role="radio"
                    aria-checked={st === font.style}
                    onClick={() => emit([...path], chooseFontStyle(font, st))}
                    px="xs"
                    py={6}
                    style={{
                      borderRadius: 6,
                      fontSize: 13,
                      border: `1px solid ${st === font.style ? 'var(--mantine-color-ink-7)' : 'var(--mantine-color-gray-3)'}`,
                      background: st === font.style ? 'var(--mantine-color-gray-1)' : undefined,
                    }}
                  >
                    {st}
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </Stack>
          )}
        </Stack>
      </Drawer>
    </Input.Wrapper>
  );
}
