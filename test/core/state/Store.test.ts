import { Effect } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { cell, makeStore } from "../../../core/state/Store.ts"

afterEach(() => {
  vi.restoreAllMocks()
})

describe("Store", () => {
  it("an update that returns the same snapshot notifies nobody", () => {
    const store = makeStore({ n: 1 })
    const listener = vi.fn()
    store.subscribe(listener)
    store.update((s) => s)
    expect(listener).not.toHaveBeenCalled()
  })

  it("a throwing listener is reported and does not stop the other listeners or the update", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    const store = makeStore({ n: 1 })
    const seen: Array<number> = []
    store.subscribe(() => {
      throw new Error("app bug")
    })
    store.subscribe((s) => seen.push(s.n))
    expect(() => store.update((s) => ({ n: s.n + 1 }))).not.toThrow()
    expect(seen).toEqual([2])
    expect(store.getSnapshot().n).toBe(2)
    expect(error).toHaveBeenCalledWith("Airlock: a state listener threw", expect.any(Error))
  })

  it("an update made inside a listener reaches every listener after the current one, in order", () => {
    const store = makeStore({ n: 1 })
    store.subscribe((s) => {
      if (s.n === 2) store.update(() => ({ n: 3 }))
    })
    const seen: Array<number> = []
    store.watch(
      (s) => s.n,
      (n) => seen.push(n)
    )
    store.update(() => ({ n: 2 }))
    expect(seen).toEqual([2, 3])
    expect(store.getSnapshot().n).toBe(3)
  })

  it("a cell writes one slice and keeps the others' identity", async () => {
    const store = makeStore({ a: { x: 1 }, b: false })
    const before = store.getSnapshot()
    await Effect.runPromise(cell(store, "b").set(true))
    expect(store.getSnapshot().b).toBe(true)
    expect(store.getSnapshot().a).toBe(before.a)
    expect(await Effect.runPromise(cell(store, "b").modify((b) => [b ? "was on" : "was off", false]))).toBe("was on")
    expect(store.getSnapshot().b).toBe(false)
  })
})
