import type { DesignRender } from '@backroom/contracts';
import { Alert, Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { renderOptions } from './api';

/**
 * A render's progress (issue 19 items 3–5 "render progress"): polls `GET /api/designs/{id}/renders/{renderId}`
 * every second, shows a progress bar with the percent, then the files to download — or the failure's reason.
 */
export function RenderProgress({
  designId,
  renderId,
  label,
  onDone,
}: {
  designId: string;
  renderId: string;
  label: string;
  onDone?: (r: DesignRender) => void;
}) {
  const q = useQuery(renderOptions(designId, renderId));
  const r = q.data;
  const finished = r?.status === 'done' || r?.status === 'failed';
  // biome-ignore lint/correctness/useExhaustiveDependencies: report once, when it finishes.
  useEffect(() => {
    if (r && finished) onDone?.(r);
  }, [finished]);
  if (q.isError) return <Alert color="red">{q.error.message}</Alert>;
  if (r?.status === 'failed')
    return (
      <Alert color="red" title={`${label} failed`}>
        {r.error ?? 'The render failed.'}
      </Alert>
    );
  if (r?.status === 'done')
    return (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {label} ready
        </Text>
        {r.files.map((f) => (
          <Group key={f.url} gap={6}>
            <IconDownload size={14} aria-hidden />
            <Anchor href={f.url} download={f.name} target="_blank" size="sm">
              {f.name}
            </Anchor>
          </Group>
        ))}
      </Stack>
    );
  const pct = r?.progress ?? 0;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {label}: {r?.status === 'running' ? `rendering… ${pct}%` : 'waiting for a worker…'}
      </Text>
      <Progress value={pct} animated aria-label={`${label} progress`} />
    </Stack>
  );
}
