/**
 * A value built the first time anything touches it: `lazy(() => type({ ... }))` is used exactly
 * like the arktype Type it stands for (called to validate, read, chained, nested in other
 * definitions, `typeof X.infer`), but the definition is parsed only on first use.
 *
 * Why: parsing every schema of the contract at import costs a phone most of a second at start-up,
 * while the first screen uses a handful of calls. The server touches them all as it registers its
 * routes; the app only builds what it calls.
 *
 * The stand-in is a Proxy over a function, so both calling and property access reach the built
 * value; `this` in the built value's methods is the stand-in, whose reads reach the built value.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  const handler: ProxyHandler<() => void> = {
    apply: (_target, thisArg, args): unknown => Reflect.apply(real() as (...args: unknown[]) => unknown, thisArg, args),
    construct: (_target, args, newTarget): object =>
      Reflect.construct(real() as new (...args: unknown[]) => object, args, newTarget) as object,
    get: (_target, key): unknown => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in's own target lacks the property: the proxy may only call it configurable.
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  };
  const standIn = new Proxy(() => undefined, handler) as unknown as T;
  builtChecks.set(standIn, () => built !== undefined);
  return standIn;
}

const builtChecks = new WeakMap<object, () => boolean>();

/** Whether a lazy value has been built yet (true for anything not made by `lazy`). */
export function isBuilt(value: object): boolean {
  return builtChecks.get(value)?.() ?? true;
}
