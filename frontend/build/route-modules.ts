/** Every route group module of the shared route table, evaluated at build time by `routeAddresses` (route-addresses.ts). */
export const routeModules: Record<string, Record<string, unknown>> = import.meta.glob(
  ['../../shared/routes/*.ts', '!../../shared/routes/define.ts', '!../../shared/routes/paths.ts', '!../../shared/routes/index.ts'],
  { eager: true },
);
