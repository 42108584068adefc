import type {
  AddStaffBody,
  AddStaffResponse,
  AllPermissionResponse,
  HistoryResponse,
  Profile,
  RevokeResponse,
  StaffListResponse,
  StaffMember,
  UpdateStaffBody,
} from '@backroom/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api, emitApiEvent, renewTokens } from '../../lib/api';
import { readAccount } from '../../lib/session';

// Query hooks and calls of the staff area (spec admin-dashboard §6, §7 "Authentication and staff"). Every call goes
// through the admin's api client (Bearer token + X-Store-Id, one renewal on 401, global api-error event on failure).

const storeKey = () => readAccount().storeId ?? 'none';

/** `GET /api/auth/all-permission`: every scope grouped as in the menu (cached for the session). */
export function useAllPermissions() {
  return useQuery({
    queryKey: ['auth', 'all-permission'],
    queryFn: () => api.get<AllPermissionResponse>('/auth/all-permission'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET /api/users/store-staffs`: the chosen store's members and whether the caller may manage them. */
export function useStaffs() {
  return useQuery({
    queryKey: ['staff', storeKey(), 'list'],
    queryFn: () => api.get<StaffListResponse>('/users/store-staffs'),
  });
}

/** Mutations of the Member screen; each refreshes the staff list and raises the api-success event with the server's text. */
export function useStaffMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['staff', storeKey()] });
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
  };
}

/** `GET /api/auth/history/?page&limit`: the caller's security events, newest first. */
export function useHistory(page: number, limit: number) {
  return useQuery({
    queryKey: ['auth', 'history', page, limit],
    queryFn: () => api.get<HistoryResponse>('/auth/history/', { query: { page, limit } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/users/profile-picture` (multipart field `file`): the api client sends JSON only, so this sends the form
 * itself with the same Bearer token, renewing the token once on a 401. Resolves with the updated Profile; failures
 * raise the global api-error event and reject with an ApiError.
 */
export async function uploadProfilePicture(file: File): Promise<Profile> {
  const send = () => {
    const body = new FormData();
    body.append('file', file);
    const token = readAccount().accessToken;
    return fetch(`${API_BASE}/users/profile-picture`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body,
    });
  };
  let res = await send().catch(() => null);
  if (res?.status === 401 && (await renewTokens(readAccount().accessToken).catch(() => false))) res = await send().catch(() => null);
  if (!res) {
    const err = new ApiError(0, 'NETWORK', ['Network error: the server cannot be reached']);
    emitApiEvent('api-error', err.messages);
    throw err;
  }
  const data = (await res.json().catch(() => null)) as (Profile & { messages?: string[]; code?: string }) | null;
  if (!res.ok) {
    const err = new ApiError(res.status, data?.code ?? 'ERROR', data?.messages ?? []);
    emitApiEvent('api-error', err.messages);
    throw err;
  }
  return data as Profile;
}

/** Scopes of a member as shown in the list: every scope for owners and admins. */
export function shownScopeCount(m: Pick<StaffMember, 'isStoreOwner' | 'isStoreAdmin' | 'scopes'>, total: number): number {
  return m.isStoreOwner || m.isStoreAdmin ? total : m.scopes.length;
}
