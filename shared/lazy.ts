/**
 * A value made on first use and kept for the life of the process (a Lambda container, a browser tab): SDK clients,
 * Intl formatters. Making them at module load would put their cost on every cold start, also for requests that
 * never use them.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
