import { Card, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * The card of the sign-in screens (login, forgot, register, reset, survey): an h1 title with `titleId`, a dimmed
 * description, then `children`. With `onSubmit` the whole card body is the form (`noValidate`, labelled by the
 * title); without it the screen puts its own form among the children.
 */
export function AuthCard({
  titleId,
  title,
  description,
  gap = 'md',
  onSubmit,
  children,
}: {
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  gap?: 'md' | 'lg';
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const body = (
    <Stack gap={gap}>
      <Stack gap={4}>
        <Title order={1} size="h2" id={titleId}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
  return (
    <Card padding="xl" radius="lg" shadow="md">
      {onSubmit ? (
        <form noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
          {body}
        </form>
      ) : (
        body
      )}
    </Card>
  );
}
