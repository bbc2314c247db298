import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const routesDir = path.resolve(here, '../../shared/routes');

/** What the browser's API client reads of a route (frontend/src/lib/api-client.ts): no schemas. */
const ADDRESS_FIELDS = ['method', 'path', 'access', 'bodyKind', 'tenantHeader'] as const;

const isRoute = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { method?: unknown }).method === 'string' && typeof (value as { path?: unknown }).path === 'string';

/**
 * The exports of a route group module as the browser gets them: each route group reduced to the fields above;
 * plain data (a list of names) as it is. Anything else cannot be copied, and fails the build.
 */
export function addressesOf(file: string, exports: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(exports).map(([name, value]) => {
      if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isRoute)) {
        const group = Object.fromEntries(
          Object.entries(value).map(([key, route]) => [key, Object.fromEntries(ADDRESS_FIELDS.filter((field) => route[field] !== undefined).map((field) => [field, route[field]]))]),
        );
        return [name, group];
      }
      const json = typeof value === 'function' ? undefined : JSON.stringify(value);
      if (json === undefined || JSON.stringify(JSON.parse(json)) !== json) {
        throw new Error(`${file}: export ${name} is neither a route group nor plain data; the browser build cannot copy it`);
      }
      return [name, value];
    }),
  );
}

const moduleText = (file: string, exports: Record<string, unknown>) =>
  Object.entries(addressesOf(file, exports))
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');

/**
 * The browser calls routes by method and path only; the route table's zod schemas are for the server and for
 * typing. In the browser build each route group module (`shared/routes/<group>.ts`) is replaced by its routes'
 * addresses, evaluated from the table itself at build time, so that calling the API never loads zod: only a
 * screen whose form validates fetches it, with the schemas that form uses.
 */
export function routeAddresses(): Plugin {
  let modules: Promise<Record<string, Record<string, unknown>>> | undefined;
  const evaluated = () =>
    (modules ??= runnerImport<{ routeModules: Record<string, Record<string, unknown>> }>(path.join(here, 'route-modules.ts'), {
      configFile: false,
      root: path.resolve(here, '../..'),
      logLevel: 'error',
    }).then(({ module }) =>
      Object.fromEntries(Object.entries(module.routeModules).map(([file, exports]) => [path.resolve(here, file), exports])),
    ));
  return {
    name: 'route-addresses',
    apply: 'build',
    async load(id) {
      const file = id.split('?')[0]!;
      if (path.dirname(file) !== routesDir) return null;
      const exports = (await evaluated())[file];
      return exports ? moduleText(file, exports) : null;
    },
  };
}
