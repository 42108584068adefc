import type { LiveSummary } from '@backroom/contracts';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE, api, renewTokens } from '../../lib/api';
import { liveKeys } from '../../lib/query-keys';
import { readAccount } from '../../lib/session';

// The live view's data layer (route website.live-view, scope `live_view`; issue 17 item 5).

/** How long the stream waits before reconnecting after a loss (ms); the server's `retry` says the same. */
const RECONNECT_MS = 2000;

/** `GET /api/live/summary` → the figures right now (the stream replaces them as they move). */
export function liveSummaryOptions() {
  return queryOptions({
    queryKey: liveKeys.part('summary'),
    queryFn: ({ signal }) => api.get<LiveSummary>('/live/summary', { signal }),
  });
}
export const useLiveSummary = () => useQuery(liveSummaryOptions());

/** State of the live stream: receiving events, or (re)connecting after a loss. */
export type StreamState = 'live' | 'connecting';

/** A response the stream cannot recover from by reconnecting as it is (the token must be renewed, or access is gone). */
class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`stream refused: ${status}`);
  }
}

/**
 * Follows `GET /api/live/stream` (Server-Sent Events) and writes each `summary` event into the summary query's
 * cache, so the screen moves without a reload. The stream is read with fetch (`@microsoft/fetch-event-source`)
 * because EventSource cannot send the bearer token and X-Store-Id the guard needs. Every (re)connection reads the
 * CURRENT token and store from storage and sends the last event's id as `Last-Event-ID`; a 401 renews the token
 * pair first (lib/api.ts `renewTokens`, shared with every other call), a 403/404 stops. The server ends the stream
 * when the access token expires; it is reopened RECONNECT_MS later with a renewed one.
 */
export function useLiveStream(): StreamState {
  const qc = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    const ctrl = new AbortController();
    let lastEventId = '';
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const run = async () => {
      while (!ctrl.signal.aborted) {
        const account = readAccount();
        const headers: Record<string, string> = { accept: 'text/event-stream' };
        if (account.accessToken) headers.authorization = `Bearer ${account.accessToken}`;
        if (account.storeId) headers['x-store-id'] = account.storeId;
        if (lastEventId) headers['last-event-id'] = lastEventId;
        try {
          await fetchEventSource(`${API_BASE}/live/stream`, {
            headers,
            signal: ctrl.signal,
            openWhenHidden: true,
            async onopen(res) {
              if (!res.ok) throw new StreamRefused(res.status);
              setState('live');
            },
            onmessage(ev) {
              if (ev.event !== 'summary' || !ev.data) return;
              if (ev.id) lastEventId = ev.id;
              qc.setQueryData(liveSummaryOptions().queryKey, JSON.parse(ev.data) as LiveSummary);
            },
            onerror(err) {
              throw err;
            },
          });
        } catch (err) {
          if (ctrl.signal.aborted) return;
          if (err instanceof StreamRefused && err.status !== 401) return;
          if (err instanceof StreamRefused && !(await renewTokens(account.accessToken).catch(() => true))) return;
        }
        if (ctrl.signal.aborted) return;
        setState('connecting');
        await wait(RECONNECT_MS);
      }
    };
    void run();
    return () => ctrl.abort();
  }, [qc]);
  return state;
}
