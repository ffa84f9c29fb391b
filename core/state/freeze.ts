/**
 * Freezes `value` and every plain object and array it reaches. Already-frozen parts are skipped, so with structural
 * sharing each update walks only what it replaced. Class instances (live providers, errors) are left alone: freezing
 * an app's provider would break it.
 *
 * @example
 * ```ts
 * import { deepFreeze } from "./freeze.ts"
 * const state = deepFreeze({ modal: { open: false } })
 * Object.isFrozen(state.modal) // true
 * ```
 */
export const deepFreeze = <A>(value: A): A => {
  const stack: Array<unknown> = [value]
  for (let next = stack.pop(); next !== undefined || stack.length > 0; next = stack.pop()) {
    if (typeof next !== "object" || next === null || Object.isFrozen(next)) continue
    const proto = Object.getPrototypeOf(next)
    if (!Array.isArray(next) && proto !== Object.prototype && proto !== null) continue
    Object.freeze(next)
    for (const child of Object.values(next)) stack.push(child)
  }
  return value
}
