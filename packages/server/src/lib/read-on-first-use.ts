/**
 * Makes `key` of `target` a property computed when first read and an ordinary one from then on, for the
 * reader and for anything that copies or serialises the object (spread, JSON.stringify and equality checks
 * read it like any other). Written before it was read, it simply takes the value written.
 */
export function readOnFirstUse<T extends object, K extends keyof T>(
  target: T,
  key: K,
  compute: () => T[K],
): void {
  const settle = (value: T[K]): T[K] => {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return value;
  };
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => settle(compute()),
    set: (value: T[K]) => void settle(value),
  });
}
