import { METRIC_HELP, type MetricKey } from '@backroom/contracts';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/**
 * The "what it counts" help of a figure (issue 30 item 1): an info icon beside the figure's label whose tooltip (on
 * hover or keyboard focus) and accessible name are the figure's help text from packages/contracts METRIC_HELP — the
 * same text on home, Overview, Sales reports, Live view and the Orders tabs, written beside the one definition the
 * server's modules/metrics computes.
 */
export function FigureHelp({ metric }: { metric: MetricKey }) {
  const text = METRIC_HELP[metric];
  return (
    <Tooltip label={text} multiline w={300} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="xs" radius="xl" aria-label={text} data-metric={metric}>
        <IconInfoCircle size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
