import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it, vi } from "vitest"
import { AdapterLoadError } from "../../../core/adapter/AdapterLoadError.ts"
import { mainnet, solana } from "../../../core/networks/index.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"

const lazyEvm = () => {
  const load = vi.fn(async () => ({ name: "EIP-1193" }))
  return { load, adapter: { namespace: "eip155", load } as const }
}

describe("adapters load on demand", () => {
  it("an adapter's code is not loaded by createAirlock, but once on the first open of Connect", async () => {
    const { load, adapter } = lazyEvm()
    const airlock = createTestAirlock({ adapters: [adapter] })
    await airlock.ready
    expect(load).not.toHaveBeenCalled()
    await airlock.open()
    expect(airlock.getState().modal.view).toBe("Connect")
    expect(load).toHaveBeenCalledTimes(1)
    await airlock.close()
    await airlock.open()
    expect(await airlock.loadAdapter("eip155")).toEqual({ name: "EIP-1193" })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("preload() fetches every adapter's code ahead, once, changes nothing a user sees, and never rejects", async () => {
    const { load, adapter } = lazyEvm()
    const failing = vi.fn<() => Promise<object>>().mockRejectedValueOnce(new Error("chunk 404")).mockResolvedValue({})
    const airlock = createTestAirlock({
      networks: [mainnet, solana],
      adapters: [adapter, { namespace: "solana", load: failing }]
    })
    await airlock.ready
    const before = airlock.getState()
    await expect(airlock.preload()).resolves.toBeUndefined()
    expect({ evm: load.mock.calls.length, solana: failing.mock.calls.length }).toEqual({ evm: 1, solana: 1 })
    expect(airlock.getState()).toBe(before)
    // The open finds the EVM code there; the failed one is retried when needed.
    await airlock.open()
    expect({ evm: load.mock.calls.length, solana: failing.mock.calls.length }).toEqual({ evm: 1, solana: 2 })
  })

  it("a stored session loads its adapter on start, for the reconnect", async () => {
    const { load, adapter } = lazyEvm()
    const airlock = createTestAirlock({
      adapters: [adapter],
      storage: [
        ["@airlock/eip155:connection_status", "connected"],
        ["@airlock/eip155:connected_connector_ids", '["io.metamask"]']
      ]
    })
    await airlock.ready
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  })

  it("a failing load rejects with a typed AdapterLoadError carrying the cause, and the next need retries", async () => {
    const cause = new Error("chunk 404")
    const load = vi.fn<() => Promise<object>>().mockRejectedValueOnce(cause).mockResolvedValueOnce({})
    const airlock = createTestAirlock({ adapters: [{ namespace: "eip155", load }] })
    const error = await airlock.loadAdapter("eip155").catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AdapterLoadError)
    expect((error as AdapterLoadError).shortMessage).toBe("Failed to load the eip155 adapter")
    expect((error as AdapterLoadError).cause).toBe(cause)
    await expect(airlock.loadAdapter("eip155")).resolves.toEqual({})
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("one adapter serving several namespaces is loaded once; descriptors without load keep working", async () => {
    const load = vi.fn(async () => ({}))
    const airlock = createTestAirlock({
      networks: [mainnet, solana],
      adapters: [{ namespaces: ["eip155", "solana"], load }]
    })
    await Promise.all([airlock.loadAdapter("eip155"), airlock.loadAdapter("solana")])
    expect(load).toHaveBeenCalledTimes(1)
    const plain = createTestAirlock({ adapters: [{ namespace: "eip155" }] })
    await plain.open()
    expect(plain.getState().modal.view).toBe("Connect")
    await expect(plain.loadAdapter("eip155")).resolves.toBeUndefined()
  })

  it("an adapter contributes its own service to the client's runtime", async () => {
    class Relay extends Context.Service<Relay, { readonly url: string }>()("test/Relay") {}
    const airlock = createTestAirlock({
      adapters: [{ namespace: "eip155", layer: Layer.succeed(Relay, { url: "wss://relay.test" }) }]
    })
    // The runtime's type lists the core services only; the adapter's own code knows its service is there.
    const url = await airlock.runtime.runPromise(Relay.useSync((relay) => relay.url) as Effect.Effect<string>)
    expect(url).toBe("wss://relay.test")
  })
})
