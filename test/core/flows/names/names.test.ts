import * as Clock from "effect/Clock"
import { describe, expect, it } from "vitest"
import { registerAccountName, setAccountName, startNameRegistration } from "../../../../core/client/nameActions.ts"
import { messageText } from "../../../../core/i18n/catalogue.ts"
import { en } from "../../../../core/i18n/en/index.ts"
import { evmNetwork, mainnet, solana } from "../../../../core/networks/index.ts"
import { readNameRegistrationMessage } from "../../../../core/rules/names.ts"
import type { NameRecord } from "../../../../core/schema/names.ts"
import type { BlockchainApiSeed } from "../../../../core/services/BlockchainApi.ts"
import type { AirlockState } from "../../../../core/state/AirlockState.ts"
import { selectNameRegistration } from "../../../../core/state/names.ts"
import { createTestAirlock, fakeAccount, fakeAdapter, type TestAirlockClient } from "../../../../core/testing/index.ts"

// Name registration (core/flows/names) through the real client on a TestClock: a wallet connected through
// fakeAdapter, the blockchain API's memory layer holding the names.

const signature = `0x${"ab".repeat(65)}`
const taken: NameRecord = {
  name: "grace-hopper.airlock.id",
  addresses: { "60": { address: "0x000000000000000000000000000000000000dEaD" } }
}
// A chain whose id has no coin type (SPEC §5: at or above 2147483648).
const farChain = evmNetwork({
  id: 2147483648,
  name: "Far",
  rpc: "http://127.0.0.1:1",
  explorer: ["Far Explorer", "https://far.example"]
})

const until = (airlock: TestAirlockClient, ready: (state: AirlockState) => boolean) =>
  new Promise<void>((resolve) => {
    if (ready(airlock.getState())) return resolve()
    const stop = airlock.subscribe((state) => {
      if (!ready(state)) return
      stop()
      resolve()
    })
  })

const setup = async (seed: Partial<BlockchainApiSeed> = {}, chainId = 1) => {
  const { adapter, wallet } = fakeAdapter({ chainId })
  const airlock = createTestAirlock({
    clock: "test",
    networks: chainId === 1 ? [mainnet, solana] : [farChain, mainnet],
    adapters: [adapter],
    blockchainApi: { names: [taken], ...seed }
  })
  await airlock.ready
  await airlock.connect("test.wallet")
  await airlock.open()
  airlock.push("RegisterAccountName")
  await startNameRegistration(airlock)
  return { airlock, wallet }
}

const view = (airlock: TestAirlockClient) => selectNameRegistration(airlock.getState())
const shown = (airlock: TestAirlockClient) => {
  const message = view(airlock).message
  return message === undefined ? undefined : messageText(en, message)
}
/** Types a label and waits out the check's pause. */
const typed = async (airlock: TestAirlockClient, label: string) => {
  await setAccountName(airlock, label)
  await airlock.clock.adjust("300 millis")
  await until(airlock, (s) => s.names?.check !== "checking")
}

describe("RegisterAccountName: the live check", () => {
  it("refuses what SPEC §5 refuses at once, without asking the API", async () => {
    const { airlock } = await setup()
    await setAccountName(airlock, "abc")
    expect(view(airlock)).toMatchObject({ check: "invalid", problem: "tooShort", canRegister: false })
    expect(shown(airlock)).toBe("Name must have at least 4 characters")
    await setAccountName(airlock, "ada_1")
    expect(shown(airlock)).toBe("Name may contain only letters, digits and hyphens")
    await airlock.clock.adjust("1 second")
    expect(view(airlock).suggestions).toEqual([])
  })

  it("asks once the label stayed 300 ms: a free name can be registered, with the suggestions", async () => {
    const { airlock } = await setup()
    await setAccountName(airlock, "Ada-Lovelace")
    expect(view(airlock)).toMatchObject({ check: "checking", name: "ada-lovelace.airlock.id", canRegister: false })
    await airlock.clock.adjust("299 millis")
    expect(view(airlock).check).toBe("checking")
    await airlock.clock.adjust("1 millis")
    await until(airlock, (s) => s.names?.check !== "checking")
    expect(view(airlock)).toMatchObject({
      check: "available",
      canRegister: true,
      suggestions: [{ name: "ada-lovelace1.airlock.id", available: true }]
    })
    expect(shown(airlock)).toBeUndefined()
  })

  it("says a taken name is taken and offers the others", async () => {
    const { airlock } = await setup()
    await typed(airlock, "grace-hopper")
    expect(view(airlock)).toMatchObject({ check: "taken", canRegister: false })
    expect(shown(airlock)).toBe("grace-hopper.airlock.id is already taken")
  })

  it("checks only the last label of a burst of typing", async () => {
    const { airlock } = await setup()
    for (const label of ["grac", "grace", "grace-hopper", "grace-hopper-2"]) {
      await setAccountName(airlock, label)
      await airlock.clock.adjust("100 millis")
    }
    await airlock.clock.adjust("300 millis")
    await until(airlock, (s) => s.names?.check !== "checking")
    expect(view(airlock)).toMatchObject({ check: "available", name: "grace-hopper-2.airlock.id" })
  })

  it("shows 'Error fetching name suggestions' when the API fails", async () => {
    const { airlock } = await setup({ failNames: true })
    await typed(airlock, "ada-lovelace")
    expect(view(airlock)).toMatchObject({ check: "failed", canRegister: false })
    expect(shown(airlock)).toBe("Error fetching name suggestions")
  })
})

describe("RegisterAccountName: registration (SPEC §4)", () => {
  it("signs the name and the time, registers it, sets the profile name and shows RegisterAccountNameSuccess", async () => {
    const { airlock, wallet } = await setup()
    await typed(airlock, "ada-lovelace")
    const events: Array<unknown> = []
    airlock.subscribeEvents((event) => events.push([event.data.event, event.data.properties]))
    await airlock.clock.adjust("1000 seconds")
    const now = await airlock.runtime.runPromise(Clock.currentTimeMillis)
    wallet.answerNext(signature)
    await registerAccountName(airlock)
    const sign = wallet.requests.find((r) => r.method === "personal_sign")
    const [hex, address] = (sign?.params ?? ["0x", ""]) as [string, string]
    const text = Buffer.from(hex.slice(2), "hex").toString("utf8")
    expect(readNameRegistrationMessage(text)).toEqual({
      name: "ada-lovelace.airlock.id",
      attributes: {},
      timestamp: Math.floor(now / 1000)
    })
    expect(address).toBe(fakeAccount)
    expect(airlock.getState().accounts.eip155.profileName).toBe("ada-lovelace.airlock.id")
    expect(airlock.getState().modal).toMatchObject({
      view: "RegisterAccountNameSuccess",
      data: { RegisterAccountNameSuccess: { name: "ada-lovelace.airlock.id" } }
    })
    expect(view(airlock)).toMatchObject({ step: "success", registered: "ada-lovelace.airlock.id" })
    const properties = { isSmartAccount: false, ensName: "ada-lovelace.airlock.id" }
    expect(events).toEqual([
      ["REGISTER_NAME_INITIATED", properties],
      ["REGISTER_NAME_SUCCESS", properties]
    ])
    // Registered: the name is taken now.
    await startNameRegistration(airlock)
    await typed(airlock, "ada-lovelace")
    expect(view(airlock).check).toBe("taken")
  })

  it("back on the form with 'Error registering name {name}' when the wallet refuses", async () => {
    const { airlock, wallet } = await setup()
    await typed(airlock, "ada-lovelace")
    const events: Array<string> = []
    airlock.subscribeEvents((event) => events.push(event.data.event))
    wallet.rejectNextRequest()
    await expect(registerAccountName(airlock)).rejects.toMatchObject({ _tag: "NameError", reason: "RegisterFailed" })
    expect(events).toEqual(["REGISTER_NAME_INITIATED", "REGISTER_NAME_ERROR"])
    expect(view(airlock)).toMatchObject({ step: "form", canRegister: true })
    expect(shown(airlock)).toBe("Error registering name ada-lovelace.airlock.id")
    expect(airlock.getState().modal.view).toBe("RegisterAccountName")
    expect(airlock.getState().accounts.eip155.profileName ?? null).toBeNull()
  })

  it("shows the API's first reason when it refuses", async () => {
    const { airlock, wallet } = await setup()
    await typed(airlock, "ada-lovelace")
    // Someone else registers it between the check and the registration.
    await registerElsewhere(airlock, wallet)
    expect(shown(airlock)).toBe("ada-lovelace.airlock.id is already taken")
  })

  it("refuses a chain id at or above 2147483648 with 'Invalid chainId', before the wallet signs", async () => {
    const { airlock, wallet } = await setup({}, 2147483648)
    await typed(airlock, "ada-lovelace")
    await expect(registerAccountName(airlock)).rejects.toMatchObject({ reason: "InvalidChainId" })
    expect(shown(airlock)).toBe("Invalid chainId")
    expect(wallet.requests.some((r) => r.method === "personal_sign")).toBe(false)
  })
})

/** Registers the typed name twice: the second registration meets the name the first one took. */
const registerElsewhere = async (airlock: TestAirlockClient, wallet: ReturnType<typeof fakeAdapter>["wallet"]) => {
  wallet.answerNext(signature)
  await registerAccountName(airlock)
  await startNameRegistration(airlock)
  await setAccountName(airlock, "ada-lovelace")
  // The check would say taken; pretend it answered before the other registration, as a race would.
  await airlock.clock.adjust("300 millis")
  await until(airlock, (s) => s.names?.check !== "checking")
  airlock.setState((s) => ({ ...s, names: s.names && { ...s.names, check: "available" } }))
  wallet.answerNext(signature)
  await expect(registerAccountName(airlock)).rejects.toMatchObject({ reason: "RegisterRejected" })
}
