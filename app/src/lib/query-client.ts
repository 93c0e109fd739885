import { QueryClient } from '@tanstack/query-core';

/** Spec section 9, data cache defaults: no retry (retry delay 3000 ms if a query opts in), stale time 0. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, retryDelay: 3000, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
