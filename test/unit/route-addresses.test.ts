import { describe, expect, it } from 'vitest';
import { addressesOf } from '../../frontend/build/route-addresses.js';
import { routeModules } from '../../frontend/build/route-modules.js';
import type { RouteDef } from '../../shared/routes/define.js';

describe("the browser build's route addresses", () => {
  it('give every route what the API client reads (method, path, access, body kind, tenant header) and no schema', () => {
    expect(Object.keys(routeModules).length).toBeGreaterThan(20);
    for (const [file, exports] of Object.entries(routeModules)) {
      const built = addressesOf(file, exports);
      expect(Object.keys(built), file).toEqual(Object.keys(exports));
      for (const [name, value] of Object.entries(exports)) {
        if (!name.endsWith('Routes')) {
          expect(built[name], `${file} ${name}`).toEqual(value);
          continue;
        }
        for (const [key, route] of Object.entries(value as Record<string, RouteDef>)) {
          const { method, path, access, bodyKind, tenantHeader } = route;
          expect((built[name] as Record<string, unknown>)[key], `${file} ${name}.${key}`).toStrictEqual({
            method,
            path,
            access,
            bodyKind,
            ...(tenantHeader === undefined ? {} : { tenantHeader }),
          });
        }
      }
    }
  });

  it('fail the build on an export that is neither a route group nor plain data', () => {
    expect(() => addressesOf('shared/routes/x.ts', { helper: () => 1 })).toThrow('export helper is neither a route group nor plain data');
  });
});
