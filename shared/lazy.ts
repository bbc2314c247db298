/**
 * A value made on first use and kept for the life of the process (a Lambda container, a browser tab): SDK clients,
 * Intl formatters. Making them at module load would put their cost on every cold start, also for requests that
 * never use them.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * A schema (or any object) built on first use but usable as if built now: the module that declares it hands out a
 * stand-in that builds the real one when anything first looks at it (parses with it, reads its shape, extends it)
 * and from then on passes everything to it.
 *
 * Every zod schema a module declares is otherwise built when the module loads, used or not. A function's cold start
 * loads the schema modules of all its routes but serves one route, and a page loads those of every form it imports;
 * so the schema modules declare their schemas this way, and each is built when a request or a form first needs it.
 * The types are the schema's own: code using it cannot tell.
 */
export function lazySchema<T extends object>(build: () => T): T {
  const real = lazy(build);
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = real();
      return Reflect.get(target, key, target);
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in itself has no such property: the language lets it report only a configurable one.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
