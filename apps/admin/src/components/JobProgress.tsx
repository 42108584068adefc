import { isJobFinished, type Job } from '@backroom/contracts';
import { Progress, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../lib/api';
import { formatCount } from '../lib/format';
import { jobKeys } from '../lib/query-keys';

/** How often a running job is read again (ms). */
export const JOB_POLL_MS = 1000;

/**
 * `GET /api/jobs/{id}` → the Job (state, progress, result, error) of the chosen store, key `jobKeys.detail(id)`.
 * Polled every JOB_POLL_MS until the job is completed or failed (issue 14 item 2; polling works on every copy of the
 * server behind any load balancer). Failures raise the global api-error notification.
 */
export function jobOptions(id: string) {
  return queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => api.get<Job>(`/jobs/${id}`, { signal }),
    refetchInterval: (q) => (q.state.data && isJobFinished(q.state.data) ? false : JOB_POLL_MS),
  });
}

/** The job `id`, read again every second while it runs (see jobOptions); `undefined` while the first answer is on its way. */
export function useJob(id: string) {
  return useQuery(jobOptions(id));
}

export interface JobProgressProps {
  /** The job to follow (what the starting call answered, e.g. POST /api/products/import → 202 Job). */
  jobId: string;
  /** What the job is doing, shown above the bar: 'Importing apparel.csv'. */
  label: string;
  /** The unit of `progress.done`/`total`, plural: 'rows'. */
  unit: string;
  /** Called once when the job is completed or failed, with the finished job. */
  onFinished?: (job: Job) => void;
}

/**
 * Progress of a background job, for any feature: the label, a bar (percent of `total`; striped and animated while
 * the total is unknown or the job waits for a worker) and "{done} of {total} {unit}" — or "Waiting to start…" while
 * queued. When the job is completed or failed, `onFinished` is called once; the caller shows the result or the
 * error (`job.result`, `job.error`). The bar is a `progressbar` named by the label, with `aria-valuenow` in percent (100 while unknown).
 */
export function JobProgress({ jobId, label, unit, onFinished }: JobProgressProps) {
  const { data: job } = useJob(jobId);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (job && isJobFinished(job) && reported.current !== job.id) {
      reported.current = job.id;
      onFinished?.(job);
    }
  }, [job, onFinished]);

  const total = job?.progress.total ?? null;
  const done = job?.progress.done ?? 0;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const known = job?.state === 'running' && total !== null;
  const status =
    !job || job.state === 'queued'
      ? 'Waiting to start…'
      : total !== null
        ? `${formatCount(done)} of ${formatCount(total)} ${unit} (${percent}%)`
        : `${formatCount(done)} ${unit}`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={`job-${jobId}-label`}>
        {label}
      </Text>
      <Progress.Root size="lg" radius="xl" transitionDuration={200}>
        <Progress.Section value={known ? percent : 100} striped={!known} animated={!known} aria-labelledby={`job-${jobId}-label`} />
      </Progress.Root>
      <Text size="sm" c="dimmed" role="status" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {status}
      </Text>
    </Stack>
  );
}
