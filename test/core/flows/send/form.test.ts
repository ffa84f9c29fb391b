import { describe, expect, it } from "vitest"
import { initialSend } from "../../../../core/state/send.ts"
import { fakeAccount } from "../../../../core/testing/index.ts"
import { ada, eth, sendView, setupSend, usdc } from "./setup.ts"

// The Send form (core/flows/send/form.ts) as a renderer drives it: what is typed, what the form says, and when it
// starts over.

const other = "0x00000000000000000000000000000000000b0b00"

describe("the Send form", () => {
  it("starts on the most valuable token with nothing typed, and says what is missing in SPEC §8's words", async () => {
    const { airlock } = await setupSend()
    expect(sendView(airlock)).toMatchObject({
      connected: true,
      step: "form",
      token: { symbol: "ETH" },
      amount: "",
      receiver: "",
      valueInUsd: "$0.00",
      canPreview: false,
      error: {
        name: "SendError",
        reason: "AmountAndReceiverRequired",
        message: "An amount and receiver address are required"
      }
    })
  })

  it("an amount of 0 with the receiver filled says the amount must be above zero", async () => {
    const { airlock } = await setupSend()
    airlock.setSendReceiver(ada)
    airlock.setSendAmount("0")
    expect(sendView(airlock)).toMatchObject({
      canPreview: false,
      error: { name: "SendError", reason: "AmountZero", message: "The amount must be above zero" }
    })
  })

  it("reads a decimal comma as a point, prices the amount, and is ready once a receiver is valid", async () => {
    const { airlock } = await setupSend()
    airlock.setSendAmount("0,5")
    expect(sendView(airlock)).toMatchObject({ amount: "0.5", valueInUsd: "$1,000.00", canPreview: false })
    airlock.setSendReceiver("0x1234")
    expect(sendView(airlock)).toMatchObject({ canPreview: false, error: { message: "Invalid address" } })
    airlock.setSendReceiver(ada)
    expect(sendView(airlock)).toMatchObject({ canPreview: true, error: undefined })
    airlock.setSendAmount("2")
    expect(sendView(airlock).error?.message).toBe("Insufficient balance")
  })

  it("keeps the chosen token by its key: a refetched balance counts at once, and a token gone is 'A token is required'", async () => {
    const { airlock, balances } = await setupSend()
    airlock.setSendToken(usdc)
    airlock.setSendAmount("100")
    airlock.setSendReceiver(ada)
    expect(sendView(airlock)).toMatchObject({ token: { symbol: "USDC" }, canPreview: true })
    balances[fakeAccount] = [eth, { ...usdc, quantity: { decimals: "6", numeric: "50" } }]
    await airlock.refresh(undefined, { force: true })
    expect(sendView(airlock)).toMatchObject({
      token: { symbol: "USDC", quantity: { numeric: "50" } },
      error: { message: "Insufficient balance" }
    })
    balances[fakeAccount] = [eth]
    await airlock.refresh(undefined, { force: true })
    expect(sendView(airlock)).toMatchObject({
      token: undefined,
      error: { reason: "TokenRequired", message: "A token is required" }
    })
  })

  it("starts over when Send is left: back, close, or another view", async () => {
    const { airlock } = await setupSend()
    const fill = () => {
      airlock.setSendAmount("0.5")
      airlock.setSendReceiver(ada)
      expect(airlock.getState().send).not.toEqual(initialSend)
    }
    fill()
    airlock.goBack()
    expect(airlock.getState().modal.view).toBe("Account")
    expect(airlock.getState().send).toEqual(initialSend)
    airlock.push("Send")
    fill()
    await airlock.close()
    expect(airlock.getState().send).toEqual(initialSend)
    await airlock.open()
    airlock.push("Send")
    fill()
    airlock.push("Receive")
    expect(airlock.getState().send).toEqual(initialSend)
  })

  it("starts over when the account or the network changes under it", async () => {
    const { airlock, wallet } = await setupSend()
    airlock.setSendAmount("0.5")
    wallet.accountsChanged([other])
    expect(airlock.getState().accounts.eip155.address).toBe(other)
    expect(airlock.getState().send).toEqual(initialSend)
    expect(airlock.getState().modal.view).toBe("Send")
    airlock.setSendAmount("0.5")
    wallet.chainChanged(8453)
    expect(airlock.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
    expect(airlock.getState().send).toEqual(initialSend)
  })

  it("keeps a form filled before Send opens (an app's prefill)", async () => {
    const { airlock } = await setupSend()
    airlock.goBack()
    airlock.setSendReceiver(ada)
    airlock.setSendAmount("0.25")
    airlock.push("Send")
    expect(sendView(airlock)).toMatchObject({ receiver: ada, amount: "0.25", canPreview: true })
  })

  it("resetSend empties it at once", async () => {
    const { airlock } = await setupSend()
    airlock.setSendToken(usdc)
    airlock.setSendAmount("1")
    airlock.resetSend()
    expect(airlock.getState().send).toEqual(initialSend)
    expect(sendView(airlock).token?.symbol).toBe("ETH")
  })
})
