import type {
  OkResponse,
  TelegramConnectResponse,
  TelegramSettings,
  TelegramSettingsBody,
  TelegramTestResponse,
} from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { telegramKeys } from '../../lib/query-keys';

// The Telegram notifications data layer (route website.notification, scope `settings`; issue 18 item 4).

/** `GET /api/notifications/telegram`; polled every `pollMs` while a connect link waits for its /start (else once). */
export function telegramOptions(pollMs: number | false = false) {
  return queryOptions({
    queryKey: telegramKeys.detail('settings'),
    queryFn: ({ signal }) => api.get<TelegramSettings>('/notifications/telegram', { signal }),
    refetchInterval: pollMs,
  });
}
export const useTelegram = (pollMs: number | false = false) => useQuery(telegramOptions(pollMs));

/** Save the events (PUT), ask for a connect link (POST connect), send a test (POST test), disconnect (DELETE). */
export function useTelegramMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: telegramKeys.store() });
  const save = useMutation({
    mutationFn: (body: TelegramSettingsBody) => api.put<TelegramSettings>('/notifications/telegram', body),
    onSuccess: (data) => qc.setQueryData(telegramKeys.detail('settings'), data),
  });
  const connect = useMutation({ mutationFn: () => api.post<TelegramConnectResponse>('/notifications/telegram/connect') });
  const test = useMutation({ mutationFn: () => api.post<TelegramTestResponse>('/notifications/telegram/test') });
  const disconnect = useMutation({
    mutationFn: () => api.delete<OkResponse>('/notifications/telegram', { notifySuccess: true }),
    onSuccess: done,
  });
  return { save, connect, test, disconnect };
}
