import type {
  AddStaffBody,
  AddStaffResponse,
  AllPermissionResponse,
  HistoryResponse,
  MessageResponse,
  Profile,
  RevokeResponse,
  StaffListResponse,
  StaffMember,
  UpdateStaffBody,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { authKeys, staffKeys } from '../../lib/query-keys';

// The staff data layer (spec admin-dashboard §6, §7 "Authentication and staff"; issue 15 "Admin data layer"):
// `queryOptions` builders keyed by lib/query-keys.ts (`staffKeys`, `authKeys`), the hooks and the mutations, which
// invalidate by those keys. Every call goes through the admin's one api client (Bearer token + X-Store-Id, one
// renewal on 401, global api-error event on failure), JSON and multipart alike.

/** `GET /api/auth/all-permission`: every scope grouped as in the menu (cached for the session). */
export function allPermissionsOptions() {
  return queryOptions({
    queryKey: authKeys.part('all-permission'),
    queryFn: () => api.get<AllPermissionResponse>('/auth/all-permission'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * `GET /api/users/store-staffs`: the chosen store's members, the pending invitations of existing accounts (owners and
 * admins only) and whether the caller may manage them.
 */
export function staffListOptions() {
  return queryOptions({
    queryKey: staffKeys.lists(),
    queryFn: () => api.get<StaffListResponse>('/users/store-staffs'),
  });
}

/** `GET /api/auth/history/?page&limit`: the caller's security events, newest first; the previous page stays while the next loads. */
export function historyOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: authKeys.part('history', { page, limit }),
    queryFn: () => api.get<HistoryResponse>('/auth/history/', { query: { page, limit } }),
    placeholderData: keepPreviousData,
  });
}

/** The permission catalogue of {@link allPermissionsOptions}. */
export function useAllPermissions() {
  return useQuery(allPermissionsOptions());
}

/** The member list of {@link staffListOptions}. */
export function useStaffs() {
  return useQuery(staffListOptions());
}

/** Mutations of the Member screen; each refreshes the store's staff queries and raises the api-success event with the server's text. */
export function useStaffMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: staffKeys.store() });
  return {
    add: useMutation({
      mutationFn: (body: AddStaffBody) => api.post<AddStaffResponse>('/users/add-store-staff', body, { notifySuccess: true }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateStaffBody }) =>
        api.put<StaffMember>(`/users/update-store-staff/${encodeURIComponent(id)}`, body),
      onSuccess: () => {
        emitApiEvent('api-success', ['Permissions saved']);
        return done();
      },
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        api.delete<RevokeResponse>(`/users/logout-staff-account/${encodeURIComponent(id)}`, { notifySuccess: true }),
      onSuccess: done,
    }),
    revokeAll: useMutation({
      mutationFn: () => api.delete<RevokeResponse>('/users/logout-all-staff-account', { notifySuccess: true }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete('/users/delete-staff-account', { query: { staff_id: id }, notifySuccess: true }),
      onSuccess: done,
    }),
    /** `DELETE /api/users/store-invitations/{id}`: withdraws a pending invitation of an existing account (issue 14 item 5). */
    cancelInvitation: useMutation({
      mutationFn: (id: string) =>
        api.delete<MessageResponse>(`/users/store-invitations/${encodeURIComponent(id)}`, { notifySuccess: true }),
      onSuccess: done,
    }),
  };
}

/** The security history of {@link historyOptions}. */
export function useHistory(page: number, limit: number) {
  return useQuery(historyOptions(page, limit));
}

/**
 * `POST /api/users/profile-picture` (multipart field `file`, through the one api client; no store header, the route
 * is not store-scoped) → the updated Profile. Failures raise the global api-error event and reject with an ApiError.
 */
export function uploadProfilePicture(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  return api.post<Profile>('/users/profile-picture', body, { storeId: null });
}

/** Scopes of a member as shown in the list: every scope for owners and admins. */
export function shownScopeCount(m: Pick<StaffMember, 'isStoreOwner' | 'isStoreAdmin' | 'scopes'>, total: number): number {
  return m.isStoreOwner || m.isStoreAdmin ? total : m.scopes.length;
}
