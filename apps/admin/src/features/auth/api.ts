import type { AcceptInvitationResponse, MessageResponse, MyInvitationsResponse } from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { storeKeys } from '../../lib/query-keys';

// The shop-choice screen's data beyond the shop list (issue 14 item 5 "an existing account gets an invitation it
// accepts"): the signed-in user's pending invitations and the accept/decline mutations. None of these calls is about
// the chosen store (no X-Store-Id): the user may have no shop yet.

/** `GET /api/users/invitations`: the caller's pending, unexpired invitations to join shops, newest first. */
export function myInvitationsOptions() {
  return queryOptions({
    queryKey: storeKeys.invitations(),
    queryFn: () => api.get<MyInvitationsResponse>('/users/invitations', { storeId: null }),
  });
}

/** The invitations of {@link myInvitationsOptions}. */
export function useMyInvitations() {
  return useQuery(myInvitationsOptions());
}

/**
 * Accept (`POST /api/users/invitations/{id}/accept`: the caller becomes a member with the invited role) and decline
 * (`…/decline`). Both raise the api-success notification with the server's text and refresh the shop list and the
 * invitations (`storeKeys.all`).
 */
export function useInvitationMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: storeKeys.all });
  return {
    accept: useMutation({
      mutationFn: (id: string) =>
        api.post<AcceptInvitationResponse>(`/users/invitations/${encodeURIComponent(id)}/accept`, undefined, {
          storeId: null,
          notifySuccess: true,
        }),
      onSuccess: done,
    }),
    decline: useMutation({
      mutationFn: (id: string) =>
        api.post<MessageResponse>(`/users/invitations/${encodeURIComponent(id)}/decline`, undefined, {
          storeId: null,
          notifySuccess: true,
        }),
      onSuccess: done,
    }),
  };
}
