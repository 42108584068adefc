import { Group, Text } from '@mantine/core';

/** The Backroom logo and name. `inverted` draws it for the dark top bar. */
export function BrandMark({ size = 28, inverted = false, withName = true }: { size?: number; inverted?: boolean; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={inverted ? '#303030' : '#1a1a1a'} />
        <path d="M14 28 32 14l18 14v22a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2z" fill="#36c18e" />
        <path d="M25 52V36h14v16" fill={inverted ? '#303030' : '#1a1a1a'} />
        <circle cx="35" cy="44.5" r="1.8" fill="#36c18e" />
      </svg>
      {withName && (
        <Text fw={700} size={size >= 32 ? 'xl' : 'md'} c={inverted ? 'white' : 'ink.8'} style={{ letterSpacing: '-0.01em' }}>
          Backroom
        </Text>
      )}
    </Group>
  );
}
