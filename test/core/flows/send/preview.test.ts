import { describe, expect, it } from "vitest"
import { ada, deferred, sendView, setupSend, until } from "./setup.ts"

// Preview and Edit (core/flows/send/preview.ts, form.ts): the steps form -> preparing -> preview -> form.

describe("Preview", () => {
  it("prepares the transfer (preparing), then shows it with its fee as shown", async () => {
    const { airlock, transfers } = await setupSend()
    airlock.setSendAmount("0.5")
    airlock.setSendReceiver("ada.airlock.id")
    const held = deferred()
    transfers.hold = held.promise
    const preview = airlock.previewSend()
    await until(airlock, (state) => state.send.step === "preparing")
    expect(sendView(airlock)).toMatchObject({ step: "preparing", canPreview: false, error: undefined })
    held.resolve()
    await preview
    expect(sendView(airlock)).toMatchObject({
      step: "preview",
      fee: "0.000021",
      preview: {
        amount: "0.5",
        to: ada,
        receiverProfileName: "ada.airlock.id",
        valueInUsd: "$1,000.00",
        fee: "0.000021",
        feeSymbol: "ETH"
      }
    })
  })

  it("a name nothing resolves is refused as 'Could not resolve', never prepared as a receiver", async () => {
    const { airlock, transfers } = await setupSend()
    airlock.setSendAmount("0.1")
    airlock.setSendReceiver("nobody.airlock.id")
    await airlock.previewSend()
    expect(transfers.prepared).toBe(0)
    expect(sendView(airlock)).toMatchObject({
      step: "form",
      error: { name: "SendError", reason: "NameNotResolved", message: "Could not resolve nobody.airlock.id" }
    })
  })

  it("returns to the form with the reason when the transfer cannot be prepared", async () => {
    const { airlock } = await setupSend()
    airlock.setSendAmount("1")
    airlock.setSendReceiver(ada)
    await airlock.previewSend()
    expect(sendView(airlock)).toMatchObject({
      step: "form",
      preview: undefined,
      canPreview: true,
      error: { name: "SendError", message: "Insufficient balance for the amount and the network fee" }
    })
    // The next edit clears it: the form's own check speaks again.
    airlock.setSendAmount("0.5")
    expect(sendView(airlock).error).toBeUndefined()
  })

  it("prepares nothing for a form that fails its check, nor again while a preview is shown", async () => {
    const { airlock, transfers } = await setupSend()
    const steps: Array<string> = []
    airlock.subscribe((state) => steps.push(state.send.step))
    airlock.setSendAmount("0.5")
    await airlock.previewSend()
    expect(steps).not.toContain("preparing")
    expect(transfers.prepared).toBe(0)
    expect(sendView(airlock)).toMatchObject({
      step: "form",
      error: { reason: "AmountAndReceiverRequired" }
    })
    airlock.setSendReceiver(ada)
    await airlock.previewSend()
    const shown = sendView(airlock).preview
    await airlock.previewSend()
    expect(transfers.prepared).toBe(1)
    expect(sendView(airlock)).toMatchObject({ step: "preview" })
    expect(sendView(airlock).preview).toBe(shown)
  })

  it("drops a preparation when the form is edited meanwhile: its answer never shows", async () => {
    const { airlock, transfers } = await setupSend()
    airlock.setSendAmount("0.5")
    airlock.setSendReceiver(ada)
    const held = deferred()
    transfers.hold = held.promise
    const preview = airlock.previewSend()
    await until(airlock, (state) => state.send.step === "preparing")
    airlock.setSendAmount("0.4")
    expect(sendView(airlock)).toMatchObject({ step: "form", canPreview: true })
    held.resolve()
    await preview
    expect(sendView(airlock)).toMatchObject({ step: "form", amount: "0.4", preview: undefined })
  })

  it("drops a preparation when Send is left meanwhile", async () => {
    const { airlock, transfers } = await setupSend()
    airlock.setSendAmount("0.5")
    airlock.setSendReceiver(ada)
    const held = deferred()
    transfers.hold = held.promise
    const preview = airlock.previewSend()
    await until(airlock, (state) => state.send.step === "preparing")
    airlock.goBack()
    held.resolve()
    await preview
    airlock.push("Send")
    expect(sendView(airlock)).toMatchObject({ step: "form", amount: "", preview: undefined })
  })

  it("Edit goes back from the preview to the form, which keeps what was typed", async () => {
    const { airlock } = await setupSend()
    airlock.setSendAmount("0.5")
    airlock.setSendReceiver(ada)
    await airlock.previewSend()
    expect(sendView(airlock).step).toBe("preview")
    airlock.editSend()
    expect(sendView(airlock)).toMatchObject({
      step: "form",
      amount: "0.5",
      receiver: ada,
      preview: undefined,
      canPreview: true
    })
  })
})
