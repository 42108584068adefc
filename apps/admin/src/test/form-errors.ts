import { schemaResolver } from '@mantine/form';

/**
 * The message a form built with `schemaResolver(schema)` shows on `field` for `values` (the field's first issue,
 * as Mantine shows it), or null when the field passes. For tests of the form schemas' exact messages.
 */
export function errorOf(schema: Parameters<typeof schemaResolver>[0], values: Record<string, unknown>, field: string): string | null {
  const errors = schemaResolver(schema, { sync: true })(values);
  return (errors[field] as string | undefined) ?? null;
}
