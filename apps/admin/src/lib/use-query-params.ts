import { useLocation } from '@tanstack/react-router';

/**
 * The raw query values of the current address (`?token=…`, `?sk=…`), read as plain strings: the router's own search
 * parser would turn a numeric-looking key into a number.
 */
export function useQueryParams(): URLSearchParams {
  const location = useLocation();
  return new URLSearchParams(location.searchStr);
}
