import { describe, expect, it } from "vitest"
import { ada, deferred, eth, sendView, setupSend, usdc } from "./setup.ts"

// Max (core/flows/send/max.ts): the most the chosen token can send. The fake wallet's transfer costs 21000 gas at
// 1 gwei, so the native coin's fee is 0.000021 ETH.

describe("Max", () => {
  it("on the native coin is the balance less 1.2 × the fee of a like transfer: 1 ETH less 0.0000252", async () => {
    const { airlock, transfers } = await setupSend()
    await airlock.sendMax()
    const send = sendView(airlock)
    expect(send.amount).toBe("0.9999748")
    expect(send.valueInUsd).toBe("$1,999.95")
    expect(transfers.prepared).toBe(1)
  })

  it("asks that fee for the receiver typed, and for the user's own address while none is typed", async () => {
    const { airlock } = await setupSend()
    // No receiver: the probe goes to the user's own address and succeeds.
    await airlock.sendMax()
    expect(sendView(airlock).amount).toBe("0.9999748")
    // A receiver that cannot be resolved makes the probe fail: it was the one asked about.
    airlock.setSendAmount("0.1")
    airlock.setSendReceiver("nobody.airlock.id")
    await airlock.sendMax()
    expect(sendView(airlock)).toMatchObject({
      amount: "0.1",
      error: { name: "SendError", message: expect.stringContaining("nobody.airlock.id") }
    })
    airlock.setSendReceiver(ada)
    await airlock.sendMax()
    expect(sendView(airlock)).toMatchObject({ amount: "0.9999748", error: undefined, canPreview: true })
  })

  it("is never below 0: a balance under 1.2 × the fee gives 0", async () => {
    const poor = { ...eth, quantity: { decimals: "18", numeric: "0.000022" } }
    const { airlock } = await setupSend({ tokens: [poor] })
    await airlock.sendMax()
    expect(sendView(airlock).amount).toBe("0")
  })

  it("on an ERC-20 token is its whole balance, and asks for no fee", async () => {
    const { airlock, transfers } = await setupSend()
    transfers.fail = "The RPC is unreachable"
    airlock.setSendToken(usdc)
    await airlock.sendMax()
    expect(sendView(airlock)).toMatchObject({ token: { symbol: "USDC" }, amount: "120.5" })
    expect(transfers.prepared).toBe(0)
  })

  it("when the fee cannot be had, shows why and leaves the amount as typed", async () => {
    const { airlock, transfers } = await setupSend()
    airlock.setSendAmount("0.3")
    transfers.fail = "The RPC is unreachable"
    await airlock.sendMax()
    expect(sendView(airlock)).toMatchObject({
      step: "form",
      amount: "0.3",
      error: { name: "SendError", reason: "Invalid", message: "The RPC is unreachable" }
    })
  })

  it("keeps an amount typed while the fee was asked: the user's own input wins", async () => {
    const { airlock, transfers } = await setupSend()
    const held = deferred()
    transfers.hold = held.promise
    const asked = transfers.asked()
    const max = airlock.sendMax()
    await asked
    airlock.setSendAmount("0.2")
    held.resolve()
    await max
    expect(sendView(airlock).amount).toBe("0.2")
  })
})
