import { describe, expect, it } from "vitest"
import { mainnet } from "../../../core/networks/index.ts"
import { selectBalance, watchBalance } from "../../../core/resources/balance.ts"
import { connectedResourceKey, resourceKey } from "../../../core/resources/resource.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"

// The native balance as apps read it (selectBalance / watchBalance, and the useAirlockBalance hook over them): the
// account's balance with the state of the token resource it comes from.

const eth = (numeric: string) => ({
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 2500,
  value: Number(numeric) * 2500,
  quantity: { decimals: "18", numeric }
})

describe("selectBalance", () => {
  it("is idle until connected, then the API's native balance; the same object while nothing it shows changes", async () => {
    const { adapter } = fakeAdapter()
    const airlock = createTestAirlock({
      networks: [mainnet],
      adapters: [adapter],
      blockchainApi: { balances: { [fakeAccount]: [eth("1.25")] } }
    })
    await airlock.ready
    expect(selectBalance(airlock.getState()).status).toBe("idle")
    expect(connectedResourceKey(airlock.getState(), "tokens")).toBe("")
    await airlock.connect("test.wallet")
    expect(connectedResourceKey(airlock.getState(), "tokens")).toBe(resourceKey("tokens", "eip155:1", fakeAccount))
    await expect.poll(() => selectBalance(airlock.getState()).status).toBe("success")
    const view = selectBalance(airlock.getState())
    expect(view).toMatchObject({ balance: "1.25", symbol: "ETH", fetching: false })
    airlock.setThemeMode("dark")
    expect(selectBalance(airlock.getState())).toBe(view)
  })

  it("follows a forced refresh through watchBalance: fetching, then the new balance", async () => {
    const { adapter } = fakeAdapter()
    const balances: Record<string, Array<ReturnType<typeof eth>>> = { [fakeAccount]: [eth("1.25")] }
    const airlock = createTestAirlock({ networks: [mainnet], adapters: [adapter], blockchainApi: { balances } })
    await airlock.ready
    await airlock.connect("test.wallet")
    await expect.poll(() => selectBalance(airlock.getState()).balance).toBe("1.25")
    const seen: Array<string> = []
    const stop = watchBalance(airlock, (v) => seen.push(`${v.status} ${v.balance}${v.fetching ? " fetching" : ""}`))
    balances[fakeAccount] = [eth("0.75")]
    await airlock.refresh("eip155", { force: true })
    stop()
    // The older balance stays shown while the request is on its way; the new one follows.
    expect(seen[0]).toBe("success 1.25 fetching")
    expect(seen.at(-1)).toBe("success 0.75")
  })

  it("is an error when neither the API nor the chain gives a balance, with the API's message", async () => {
    const { adapter } = fakeAdapter()
    const airlock = createTestAirlock({
      networks: [mainnet],
      adapters: [adapter],
      blockchainApi: { failAccountData: true }
    })
    await airlock.ready
    await airlock.connect("test.wallet")
    await expect.poll(() => selectBalance(airlock.getState()).status).toBe("error")
    expect(selectBalance(airlock.getState()).error?.message).toBe("Token Balance Unavailable")
    expect(selectBalance(airlock.getState()).balance).toBeUndefined()
  })
})
