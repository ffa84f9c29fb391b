import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ChainError, NameError } from "../../errors/catalogue.ts"
import { replace } from "../../router/index.ts"
import { evmCoinType, fullName, nameRegistrationMessage } from "../../rules/names.ts"
import { errorEventOf } from "../../services/Analytics.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import { connectedOn } from "../account/balance.ts"
import { request } from "../connection/request.ts"
import { isSmartAccount, track } from "../events/track.ts"
import { utf8Hex } from "../siwx/encode.ts"
import { deriveNames, failureMessage, registrationFailure, updateNames } from "./slice.ts"

/** Has the connected EVM wallet sign `text` (`personal_sign`); the user asked for it with Register. */
const signText = (address: string, text: string) =>
  Effect.gen(function* () {
    const result = yield* request({ method: "personal_sign", params: [utf8Hex(text), address] }, "eip155", {
      approved: true
    })
    if (typeof result !== "string" || !/^0x[0-9a-fA-F]{62,}$/.test(result))
      return yield* Effect.fail(new Error("The wallet returned no signature"))
    return result
  })

/**
 * Registers the label typed (SPEC §4): the wallet signs the registration message (the name and the time), the API
 * registers it, the account's profile name becomes it and RegisterAccountNameSuccess shows. On any failure the form
 * shows again, on RegisterAccountName, with the error (the API's first reason, else 'Error registering name {name}';
 * 'Invalid chainId' on a chain id at or above 2147483648), and the call fails with it. Does nothing unless the name
 * is free (`canRegister`).
 */
export const registerAccountName = Effect.gen(function* () {
  const store = yield* StateStore
  const names = store.getSnapshot().names
  if (names === undefined || names.step !== "form" || names.check !== "available") return
  const name = fullName(names.label, names.zone)
  const properties = { isSmartAccount: isSmartAccount(store.getSnapshot(), "eip155"), ensName: name }
  yield* track("REGISTER_NAME_INITIATED", properties)
  const run = Effect.gen(function* () {
    const connected = connectedOn(store.getSnapshot(), "eip155")
    if (connected === undefined) return yield* new ChainError({ reason: "NoActiveCaipAddress" })
    const coinType = evmCoinType(Number(connected.network.id))
    if (coinType === undefined) return yield* new NameError({ reason: "InvalidChainId" })
    updateNames(store, (n) => ({ ...n, step: "signing", error: undefined }))
    const message = nameRegistrationMessage(name, yield* Clock.currentTimeMillis)
    const signature = yield* signText(connected.address, message)
    updateNames(store, (n) => ({ ...n, step: "registering" }))
    const api = yield* BlockchainApi
    const ok = yield* api.registerName({ name, coinType, address: connected.address, message, signature })
    // The API does not serve the network: nothing was registered.
    if (!ok) return yield* new NameError({ reason: "RegisterFailed", params: { name } })
    return connected.address
  })
  const address = yield* run.pipe(
    Effect.mapError((error) => registrationFailure(error, name)),
    Effect.tapError((error) =>
      track("REGISTER_NAME_ERROR", { ...properties, error: errorEventOf(error).errorMessage })
    ),
    Effect.tapError((error) =>
      Effect.sync(() => {
        updateNames(store, (n) => ({ ...n, step: "form", error: failureMessage(error) }))
        store.update((s) =>
          s.modal.open && s.modal.view === "RegisterAccountNameSuccess"
            ? { ...s, modal: replace(s.modal, "RegisterAccountName") }
            : s
        )
      })
    )
  )
  store.update((s) => {
    const account = s.accounts.eip155
    const accounts =
      account.address?.toLowerCase() === address.toLowerCase()
        ? { ...s.accounts, eip155: { ...account, profileName: name } }
        : s.accounts
    const modal =
      s.modal.open && s.modal.view === "RegisterAccountName"
        ? replace(s.modal, "RegisterAccountNameSuccess", { name })
        : s.modal
    const names = s.names === undefined ? s.names : deriveNames({ ...s.names, step: "success", registered: name })
    return { ...s, accounts, modal, names }
  })
  yield* track("REGISTER_NAME_SUCCESS", properties)
}).pipe(Effect.withSpan("names.registerAccountName"))
