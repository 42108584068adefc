import '@mantine/dropzone/styles.css';
import { type ImportReport, type Job, MAX_IMPORT_BYTES } from '@backroom/contracts';
import { Alert, Button, Group, List, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { JobProgress } from '../../components/JobProgress';
import { ApiError, errorText } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { importReportOf, useImportFinished } from './api';
import { formatFileSize, rejectionMessages } from './format';

/** What the dropzone takes: .csv files (also those a browser reports as another type, matched by extension). */
const ACCEPT = { 'text/csv': ['.csv'] };

/** Alert titles in the body text colour: Mantine's light green and yellow titles fall under 4.5:1 contrast. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** The import mutation of the Products screen (api.ts useImportProducts): its data is the queued import Job. */
export type ImportMutation = UseMutationResult<Job, Error, File>;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

/**
 * The report of a finished import (catalog ImportReport): created / updated / skipped product counts, the variants
 * and pictures written, file-level warnings, and a table of rejected rows (file line number, Handle, reason).
 */
export function ImportReportView({ report, fileName }: { report: ImportReport; fileName: string }) {
  const products = report.created + report.updated + report.skipped;
  return (
    <Stack gap="md" aria-label="Import report" role="region">
      <Alert
        color={products === 0 ? 'red' : report.rejected.length ? 'yellow' : 'green'}
        icon={products === 0 ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
        title={products === 0 ? 'Nothing was imported' : report.rejected.length ? 'Import finished with rejected rows' : 'Import finished'}
        styles={READABLE_TITLE}
      >
        {fileName}: {formatCount(report.rows)} {report.rows === 1 ? 'row' : 'rows'} read, {formatCount(products)}{' '}
        {products === 1 ? 'product' : 'products'} imported.
      </Alert>
      <SimpleGrid cols={3} spacing="sm">
        <Figure label="Created" value={report.created} />
        <Figure label="Updated" value={report.updated} />
        <Figure label="Skipped" value={report.skipped} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {formatCount(report.variants)} variants and {formatCount(report.images)} pictures written
        {report.images > 0 &&
          ` (${formatCount(report.imagesStored)} stored in your shop, ${formatCount(report.imagesRemote)} kept as links)`}
        .{report.skipped > 0 && ' Skipped products were already up to date.'}
      </Text>
      {report.warnings.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title="Warnings" styles={READABLE_TITLE}>
          <List size="sm" spacing={2}>
            {report.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {report.rejected.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5" id="import-rejected-title">
            Rejected rows ({formatCount(report.rejected.length)})
          </Title>
          <ScrollArea.Autosize mah={260} type="auto">
            <Table striped withTableBorder fz="sm" aria-labelledby="import-rejected-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>Row</Table.Th>
                  <Table.Th>Handle</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rejected.map((r) => (
                  <Table.Tr key={`${r.row}-${r.reason}`}>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{r.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.handle ?? '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}

/** The failure of an import in words: the server's messages (400/413), or the api client's text. */
function failureMessages(error: Error): string[] {
  if (error instanceof ApiError) return error.messages.length ? error.messages : [errorText(error.messages)];
  return [error.message || errorText([])];
}

/**
 * The body of the "Import products" modal: a dropzone for ONE Shopify product CSV (.csv, up to 60 MB) that starts
 * `POST /api/products/import` on drop or pick; while the upload runs, the dropzone shows a loader. The server
 * answers with a background job (issue 14 item 2), followed by JobProgress ("{done} of {total} rows"); when it is
 * completed the report (ImportReportView), when it failed or the server refused the file, the messages in a red
 * alert. A refused file (wrong type, over 60 MB) is explained without calling the server. "Import another file"
 * clears the report. The dialog may be closed while the job runs: the import goes on on the server.
 */
export function ImportPanel({ mutation, onDone }: { mutation: ImportMutation; onDone: () => void }) {
  const [refused, setRefused] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  // The job of THIS attempt, set when the upload is answered: cleared by "Import another file", so a finished job
  // still cached is never followed again.
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState<Job | null>(null);
  const importFinished = useImportFinished();
  const onFinished = useCallback(
    (job: Job) => {
      setFinished(job);
      void importFinished();
    },
    [importFinished],
  );
  const start = (f: File) => {
    setRefused([]);
    setFinished(null);
    setJobId(null);
    setFile(f);
    mutation.mutate(f, { onSuccess: (job) => setJobId(job.id) });
  };
  const again = () => {
    mutation.reset();
    setRefused([]);
    setFinished(null);
    setJobId(null);
    setFile(null);
  };
  const report = finished?.state === 'completed' ? importReportOf(finished) : null;

  if (report) {
    return (
      <Stack gap="lg">
        <ImportReportView report={report} fileName={file?.name ?? 'The file'} />
        <Group justify="flex-end">
          <Button variant="default" onClick={again}>
            Import another file
          </Button>
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }

  if (jobId && !finished) {
    return (
      <Stack gap="md">
        <JobProgress jobId={jobId} label={`Importing ${file?.name ?? 'the file'}`} unit="rows" onFinished={onFinished} />
        <Text size="sm" c="dimmed">
          You can close this window: the import goes on, and the products appear as it finishes.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Upload a product CSV exported from Shopify. Products are matched by their Handle: new handles are created, existing products are
        updated.
      </Text>
      <Dropzone
        onDrop={(files) => files[0] && start(files[0])}
        onReject={(rejections) => setRefused(rejectionMessages(rejections, MAX_IMPORT_BYTES))}
        accept={ACCEPT}
        maxSize={MAX_IMPORT_BYTES}
        multiple={false}
        maxFiles={1}
        loading={mutation.isPending}
        disabled={mutation.isPending}
        aria-label="Product CSV file: drop it here or press Enter to choose it"
        inputProps={{ 'aria-label': 'Product CSV file' }}
        radius="md"
      >
        <Group justify="center" gap="lg" mih={150} wrap="nowrap" style={{ pointerEvents: 'none' }} px="sm">
          <Dropzone.Accept>
            <IconUpload size={44} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={44} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={44} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text fw={600}>Drag a CSV file here or click to choose one</Text>
            <Text size="sm" c="dimmed">
              One .csv file, up to {formatFileSize(MAX_IMPORT_BYTES)}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {mutation.isPending && file && (
        <Text size="sm" role="status">
          Importing {file.name} ({formatFileSize(file.size)})…
        </Text>
      )}
      {refused.length > 0 && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="This file cannot be imported" styles={READABLE_TITLE}>
          <List size="sm" spacing={2}>
            {refused.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {(mutation.isError || finished?.state === 'failed') && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The import failed" role="alert" styles={READABLE_TITLE}>
          <List size="sm" spacing={2}>
            {(mutation.isError ? failureMessages(mutation.error) : [finished?.error || errorText([])]).map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
