import { describe, expect, it } from "vitest"
import { selectSend } from "../../../../core/resources/send.ts"
import { initialSend } from "../../../../core/state/send.ts"
import { fakeAccount } from "../../../../core/testing/index.ts"
import { ada, deferred, sendView, setupSend, until } from "./setup.ts"

// Confirm (core/flows/send/confirm.ts): preview -> sending -> Account with the snack, or back to the preview.

const hash = `0x${"cd".repeat(32)}`

const previewed = async (options: Parameters<typeof setupSend>[0] = {}) => {
  const setup = await setupSend(options)
  setup.airlock.setSendAmount("0.5")
  setup.airlock.setSendReceiver(ada)
  await setup.airlock.previewSend()
  expect(selectSend(setup.airlock.getState()).step).toBe("preview")
  return setup
}

const sentRequests = (requests: ReadonlyArray<{ readonly method: string }>) =>
  requests.filter((r) => r.method === "eth_sendTransaction")

describe("Confirm", () => {
  it("asks the wallet (sending), then says 'Sent 0.5 ETH' and goes back to Account with the form emptied", async () => {
    const { airlock, wallet } = await previewed()
    const events: Array<unknown> = []
    airlock.subscribeEvents((event) => events.push([event.data.event, event.data.properties]))
    const answer = deferred<string>()
    wallet.answerNext(answer.promise)
    const confirming = airlock.confirmSend()
    await until(airlock, (state) => state.send.step === "sending")
    expect(sendView(airlock)).toMatchObject({ step: "sending", error: undefined })
    expect(airlock.getState().modal.view).toBe("Send")
    answer.resolve(hash)
    await confirming
    await until(airlock, (state) => state.snack !== undefined)
    expect(sentRequests(wallet.requests)).toEqual([
      { method: "eth_sendTransaction", params: [{ from: fakeAccount, to: ada, value: "0x6f05b59d3b20000" }] }
    ])
    const state = airlock.getState()
    expect(state.snack).toEqual({
      message: { id: "send.sent", params: { amount: "0.5", symbol: "ETH" } },
      variant: "success"
    })
    expect(state.modal).toMatchObject({ open: true, view: "Account" })
    expect(state.send).toEqual(initialSend)
    const properties = { network: "eip155:1", isSmartAccount: false, token: "ETH", amount: "0.5" }
    expect(events).toEqual([
      ["SEND_INITIATED", properties],
      ["SEND_SUCCESS", properties]
    ])
  })

  it("shows the preview again with 'Transaction rejected in the wallet' when the user refuses", async () => {
    const { airlock, wallet } = await previewed()
    const events: Array<unknown> = []
    airlock.subscribeEvents((event) => events.push([event.data.event, event.data.properties]))
    wallet.answerNext(Promise.reject(Object.assign(new Error("User rejected"), { code: 4001 })))
    await airlock.confirmSend()
    expect(events.at(-1)).toEqual([
      "SEND_ERROR",
      {
        network: "eip155:1",
        isSmartAccount: false,
        token: "ETH",
        amount: "0.5",
        message: "Transaction rejected in the wallet"
      }
    ])
    // Time for a snack to show, had one been asked for (it would stay 2.2 s).
    await airlock.clock.adjust("200 millis")
    const state = airlock.getState()
    expect(sendView(airlock)).toMatchObject({
      step: "preview",
      preview: { amount: "0.5" },
      error: { name: "SendError", reason: "Rejected", message: "Transaction rejected in the wallet" }
    })
    expect(state.modal.view).toBe("Send")
    expect(state.snack).toBeUndefined()
    // Edit, and the error is gone with the preview.
    airlock.editSend()
    expect(sendView(airlock).error).toBeUndefined()
  })

  it("ignores edits while the wallet is asked", async () => {
    const { airlock, wallet } = await previewed()
    const answer = deferred<string>()
    wallet.answerNext(answer.promise)
    const confirming = airlock.confirmSend()
    await until(airlock, (state) => state.send.step === "sending")
    airlock.setSendAmount("0.1")
    airlock.editSend()
    await airlock.previewSend()
    expect(sendView(airlock)).toMatchObject({ step: "sending", amount: "0.5" })
    answer.resolve(hash)
    await confirming
  })

  it("when Send was left while the wallet was asked, the answer brings the snack only: no step back, no form emptied", async () => {
    const { airlock, wallet } = await previewed()
    const answer = deferred<string>()
    wallet.answerNext(answer.promise)
    const confirming = airlock.confirmSend()
    await until(airlock, (state) => state.send.step === "sending")
    airlock.goBack()
    expect(airlock.getState().send).toEqual(initialSend)
    // Back on Send, the user starts another transfer before the first one's answer comes.
    airlock.push("Send")
    airlock.setSendAmount("0.1")
    answer.resolve(hash)
    await confirming
    await until(airlock, (state) => state.snack !== undefined)
    expect(airlock.getState().snack).toEqual({
      message: { id: "send.sent", params: { amount: "0.5", symbol: "ETH" } },
      variant: "success"
    })
    expect(airlock.getState().modal).toMatchObject({ open: true, view: "Send" })
    expect(sendView(airlock)).toMatchObject({ step: "form", amount: "0.1" })
  })

  it("sends through a wallet that writes into the request it is given (the state's preview stays frozen)", async () => {
    const { airlock, wallet } = await previewed({ walletWritesParams: true })
    wallet.answerNext(hash)
    await airlock.confirmSend()
    await until(airlock, (state) => state.snack !== undefined)
    expect(airlock.getState().snack).toEqual({
      message: { id: "send.sent", params: { amount: "0.5", symbol: "ETH" } },
      variant: "success"
    })
    expect(sentRequests(wallet.requests).at(-1)).toMatchObject({ params: [{ to: ada, gas: "0x5208" }] })
  })
})
