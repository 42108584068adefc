import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api } from '../lib/api';
import { authKeys } from '../lib/query-keys';
import { useQueryParams } from '../lib/use-query-params';
import { routePath } from '../routes';

/** Answer of `GET /api/auth/register-check?sk=`. */
interface RegisterCheck {
  allowed: boolean;
}

/** Whether the partner key `sk` opens the sign-up (`GET /api/auth/register-check`); false while unknown. */
export function useRegisterAllowed(sk: string): { allowed: boolean; pending: boolean } {
  const q = useQuery({
    queryKey: authKeys.part('register-check', sk),
    queryFn: () => api.get<RegisterCheck>('/auth/register-check', { query: { sk }, auth: false, silent: true }),
    enabled: sk.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { allowed: sk.length > 0 && q.data?.allowed === true, pending: sk.length > 0 && q.isPending };
}

/**
 * The sign-up link of the login screen (spec admin-dashboard §2: "the sign-up link appears only when the query string
 * key sk carries one specific partner key"). Renders nothing unless `?sk=` on the current address is the partner key
 * (checked by the server, which alone knows it); then links to `/auth/register?sk=…`.
 */
export function RegisterLink() {
  const sk = useQueryParams().get('sk') ?? '';
  const { allowed } = useRegisterAllowed(sk);
  if (!allowed) return null;
  return (
    <Text size="sm" ta="center">
      New here?{' '}
      <Anchor component={Link} to={`${routePath('auth.register')}?sk=${encodeURIComponent(sk)}`}>
        Create your store
      </Anchor>
    </Text>
  );
}
