import { describe, expect, it } from "vitest"
import { deepFreeze } from "../../../core/state/freeze.ts"
import { makeStore } from "../../../core/state/Store.ts"

describe("deepFreeze", () => {
  it("freezes nested plain objects and arrays, leaves class instances (a wallet's live provider) writable", () => {
    class Provider {
      connected = false
    }
    const provider = new Provider()
    const state = deepFreeze({ list: [{ id: "a" }], connector: { provider } })
    expect(Object.isFrozen(state.list[0])).toBe(true)
    expect(Object.isFrozen(state.connector)).toBe(true)
    provider.connected = true
    expect(provider.connected).toBe(true)
  })

  it("hostile shapes: a 10,000-entry list and 10,000 levels of nesting freeze without a stack overflow", () => {
    const list = Array.from({ length: 10_000 }, (_, id) => ({ id }))
    let nested: { next?: unknown } = {}
    const root = nested
    for (let depth = 0; depth < 10_000; depth++) nested = nested.next = {}
    deepFreeze({ list, root })
    expect(Object.isFrozen(list[9_999])).toBe(true)
    expect(Object.isFrozen(nested)).toBe(true)
  })

  it("a store with seal freezes every snapshot; an update walks only what it replaced", () => {
    const shared = { big: Array.from({ length: 10_000 }, (_, id) => ({ id })) }
    const store = makeStore({ shared, count: 0 }, { seal: deepFreeze })
    expect(Object.isFrozen(store.getSnapshot().shared.big[0])).toBe(true)
    store.update((state) => ({ ...state, count: state.count + 1 }))
    expect(store.getSnapshot().shared).toBe(shared)
    expect(() => {
      ;(store.getSnapshot() as { count: number }).count = 5
    }).toThrow(TypeError)
  })
})
