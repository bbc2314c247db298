import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, SignInEnded } from './api-client.js';

interface AppMeta extends Record<string, unknown> {
  /** The screen shows this call's errors itself instead of going to /error (sign-in, forms with inline messages). */
  handlesOwnErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** An answer the server gave on purpose (4xx, 600) will not change on a retry; a dropped connection may. */
const shouldRetry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400);

/**
 * The app's query client. A failed read or save goes to `onError` (the /error screen with the server's message,
 * spec 1 section 8) unless the call says it handles its own errors; an ended sign-in always goes there.
 */
export function createQueryClient(onError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof SignInEnded || !query.meta?.handlesOwnErrors) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (error instanceof SignInEnded || !mutation.meta?.handlesOwnErrors) onError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The error screen's default text (spec 1 section 2). */
export const DEFAULT_ERROR = 'Something went wrong!!!';

export const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : DEFAULT_ERROR;
