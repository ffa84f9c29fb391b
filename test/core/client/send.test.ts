import { describe, expect, it } from "vitest"
import { mainnet } from "../../../core/networks/index.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import { createTestAirlock, fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"

// airlock.prepareSend / airlock.send through the real client: the form checked, a name resolved through the
// blockchain API (memory layer), the adapter's transfer, the wallet's request (recorded by the fake), the refetch.

const eth: TokenBalance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 2000,
  value: 2000,
  quantity: { decimals: "18", numeric: "1" }
}
const ada = "0x000000000000000000000000000000000000aDa0"

const setup = async () => {
  const { adapter, wallet } = fakeAdapter()
  const airlock = createTestAirlock({
    networks: [mainnet],
    adapters: [adapter],
    blockchainApi: {
      balances: { [fakeAccount]: [eth] },
      names: [
        {
          name: "ada.airlock.id",
          addresses: { "60": { address: ada } },
          attributes: [{ avatar: "https://img.example/ada.png" }]
        }
      ]
    }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  return { airlock, wallet }
}

describe("airlock.prepareSend and airlock.send", () => {
  it("resolves a name to its address, keeps the name and avatar for the preview, and prices the amount", async () => {
    const { airlock } = await setup()
    const preview = await airlock.prepareSend({ token: eth, amount: "0.25", receiver: "ada.airlock.id" })
    expect(preview).toMatchObject({
      to: ada,
      receiverProfileName: "ada.airlock.id",
      receiverProfileImageUrl: "https://img.example/ada.png",
      amount: "0.25",
      valueInUsd: "$500.00",
      fee: "0.000021",
      feeSymbol: "ETH",
      from: fakeAccount
    })
  })

  it("refuses a name that resolves to nothing, and an amount that leaves nothing for the fee", async () => {
    const { airlock } = await setup()
    await expect(
      airlock.prepareSend({ token: eth, amount: "0.1", receiver: "nobody.airlock.id" })
    ).rejects.toMatchObject({
      _tag: "SendError",
      reason: "NameNotResolved",
      shortMessage: "Could not resolve nobody.airlock.id"
    })
    await expect(airlock.prepareSend({ token: eth, amount: "1", receiver: ada })).rejects.toMatchObject({
      shortMessage: "Insufficient balance for the amount and the network fee"
    })
    await expect(airlock.prepareSend({ amount: "1", receiver: ada })).rejects.toMatchObject({
      shortMessage: "A token is required"
    })
  })

  it("sends through the connected wallet and resolves the hash; a refusal is a Rejected SendError", async () => {
    const { airlock, wallet } = await setup()
    const preview = await airlock.prepareSend({ token: eth, amount: "0.5", receiver: ada })
    wallet.answerNext(`0x${"cd".repeat(32)}`)
    await expect(airlock.send(preview)).resolves.toEqual({ hash: `0x${"cd".repeat(32)}` })
    expect(wallet.requests.at(-1)).toEqual({
      method: "eth_sendTransaction",
      params: [{ from: fakeAccount, to: ada, value: "0x6f05b59d3b20000" }]
    })
    // The fake refuses the next request the way a wallet does (EIP-1193 4001).
    const refusing = { ...preview, request: { method: "eth_sendTransaction", params: [{}] } }
    wallet.answerNext(Promise.reject(Object.assign(new Error("User rejected"), { code: 4001 })))
    await expect(airlock.send(refusing)).rejects.toMatchObject({ reason: "Rejected" })
  })
})
