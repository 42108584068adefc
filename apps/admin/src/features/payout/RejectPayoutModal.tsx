import { type PayoutRequest, PayoutStatusBody } from '@backroom/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatMoneyMajor } from '../../lib/format';
import { useSubmit } from '../../lib/use-submit';
import { useGatewayMutations } from './api';
import { balanceCurrency } from './BalanceCard';

/**
 * Provider staff reject a payout request (issue 10 item 4: "rejected with a reason"): a dialog naming the request,
 * with a required reason (the contract's messages: 'reason is required to reject a payout', at most 500
 * characters) shown under the field after a submit attempt. Sends `PATCH …/request-payouts/{id} {status: 'rejected',
 * reason}` and closes once the server accepted it; `request` null keeps the dialog closed.
 */
export function RejectPayoutModal({ request, onClose }: { request: PayoutRequest | null; onClose: () => void }) {
  const { moveRequest } = useGatewayMutations();
  const { submitted, setSubmitted, handleSubmit } = useSubmit();
  const form = useForm({
    initialValues: { status: 'rejected' as const, reason: '' },
    validate: schemaResolver(PayoutStatusBody, { sync: true }),
    validateInputOnChange: submitted,
  });
  const close = () => {
    form.reset();
    setSubmitted(false);
    onClose();
  };
  const submit = handleSubmit(form, async (v) => {
    if (!request) return;
    await moveRequest.mutateAsync({ id: request.id, status: 'rejected', reason: v.reason });
    close();
  });
  return (
    <Modal opened={!!request} onClose={close} title="Reject this payout?" closeButtonProps={{ 'aria-label': 'Close' }}>
      {request && (
        <form onSubmit={submit} noValidate aria-label="Reject payout">
          <Stack>
            <Text size="sm">
              {formatMoneyMajor(request.amount, balanceCurrency(request.currency))} requested to {request.destination}. The merchant sees
              the reason in their payout history.
            </Text>
            <Textarea label="Reason" required rows={3} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red.8" loading={moveRequest.isPending}>
                Reject payout
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
