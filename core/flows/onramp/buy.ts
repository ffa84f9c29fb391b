import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { OnrampOrder } from "../../schema/api/onramp.ts"
import { isSafeLinkUrl } from "../../schema/urlCheck.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { Platform } from "../../services/Platform.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { ONRAMP_ORDER_POLL_MS, ONRAMP_ORDER_TIMEOUT_MS, type OnrampState } from "../../state/onramp.ts"
import { StateStore } from "../../state/StateStore.ts"
import { fetchActivity } from "../account/activity.ts"
import { refreshBalance } from "../account/balance.ts"
import { isSmartAccount, track } from "../events/track.ts"
import { applyPush } from "../modal/push.ts"
import { amountOf } from "./derive.ts"
import { updateOnramp } from "./slice.ts"
import { onrampTarget } from "./start.ts"

/** A provider page the modal may open: `https:`, or `http:` on a loopback host (the sandbox); never `javascript:`. */
const isProviderPage = (url: string) => /^https?:\/\//i.test(url) && isSafeLinkUrl(url)

const ended = (status: OnrampOrder["status"]) => status === "success" || status === "failed" || status === "cancelled"

const closeWindow = (popup: Window | undefined) => {
  try {
    if (popup !== undefined && !popup.closed) popup.close()
  } catch {}
}

/**
 * Follows the order until it ends: its status read every second (Airlock's order extension), the popup watched (closed
 * before paying: cancelled), up to {@link ONRAMP_ORDER_TIMEOUT_MS}. At its end the balances and the history are
 * fetched again (forced), as after a send. A newer purchase, or leaving the onramp views, stops it.
 */
const follow = (startId: number | undefined, orderId: string | undefined, popup: Window | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const api = yield* BlockchainApi
    const started = yield* Clock.currentTimeMillis
    const mine = (o: OnrampState) => o.startId === startId && o.step === "following"
    const end = (step: OnrampState["step"], order?: OnrampOrder) =>
      updateOnramp(store, (o) =>
        mine(o)
          ? {
              ...o,
              step,
              order: {
                ...o.order!,
                ...(order === undefined
                  ? {}
                  : {
                      status: order.status,
                      ...(order.purchaseAmount === undefined ? {} : { purchaseAmount: order.purchaseAmount }),
                      ...(order.transactionHash === undefined ? {} : { transactionHash: order.transactionHash })
                    })
              },
              error: step === "failed" ? { id: "onramp.failed" } : undefined
            }
          : undefined
      )
    for (;;) {
      yield* Effect.sleep(`${ONRAMP_ORDER_POLL_MS} millis`)
      const current = store.getSnapshot().onramp
      if (current === undefined || !mine(current)) return closeWindow(popup)
      const popupClosed = popup?.closed === true
      const read = orderId === undefined ? undefined : yield* api.getOnrampOrder(orderId).pipe(Effect.result)
      const order = read !== undefined && Result.isSuccess(read) ? read.success : undefined
      if (order !== undefined && ended(order.status)) {
        end(order.status === "success" ? "success" : order.status === "failed" ? "failed" : "cancelled", order)
        break
      }
      if (order !== undefined) {
        updateOnramp(store, (o) => (mine(o) ? { ...o, order: { ...o.order!, status: order.status } } : undefined))
      }
      // Closed before paying: nothing was bought. Once paid, the order is followed to its end.
      if (popupClosed && order?.status === "created") {
        end("cancelled", order)
        break
      }
      if ((yield* Clock.currentTimeMillis) - started > ONRAMP_ORDER_TIMEOUT_MS) {
        end("timeout")
        break
      }
    }
    closeWindow(popup)
    const target = onrampTarget(store.getSnapshot())
    if (target !== undefined) {
      yield* refreshBalance(target.namespace, { force: true })
      yield* fetchActivity(target.namespace, { force: true })
    }
  })

/**
 * The provider list's choice: with the form within SPEC §9's limits (else nothing opens and the popup is closed),
 * asks the API for the provider's page (SPEC §7 `/v1/generators/onrampurl`, the wallet as destination), opens it in
 * `popup` (opened by the click: `buyWithProvider`'s action opens it) or else a new tab, shows OnrampBuyInProgress and follows the
 * order. A page that cannot be had, or is no web page, leaves the list with 'The provider page could not be opened'.
 */
export const buyWithProvider = (providerId: string, popup: Window | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const state = store.getSnapshot()
    const onramp = state.onramp
    const target = onrampTarget(state)
    const currency = onramp?.purchaseCurrency
    const network = currency?.networks[0]
    if (
      onramp === undefined ||
      target === undefined ||
      currency === undefined ||
      network === undefined ||
      !onramp.canContinue ||
      !onramp.providers.some((p) => p.id === providerId)
    ) {
      return closeWindow(popup)
    }
    const startId = onramp.startId
    yield* track("SELECT_BUY_PROVIDER", {
      provider: providerId,
      isSmartAccount: isSmartAccount(state, target.namespace)
    })
    updateOnramp(store, (o) => ({
      ...o,
      step: "opening",
      order: { provider: providerId, status: "created", purchaseAmount: o.quote?.purchaseAmount },
      error: undefined
    }))
    const answer = yield* (yield* BlockchainApi)
      .generateOnrampUrl({
        destinationWallets: [{ address: target.address, blockchains: [network.name], assets: [currency.id] }],
        partnerUserId: target.address,
        defaultNetwork: network.name,
        paymentAmount: amountOf(onramp.amount),
        paymentCurrency: onramp.paymentCurrency?.id,
        paymentMethod: onramp.paymentMethod,
        provider: providerId
      })
      .pipe(Effect.result)
    const url = Result.isSuccess(answer) ? answer.success.url : ""
    if (!isProviderPage(url)) {
      closeWindow(popup)
      updateOnramp(store, (o) =>
        o.startId === startId
          ? { ...o, step: "providers", order: undefined, error: { id: "onramp.openFailed" } }
          : undefined
      )
      return
    }
    let window = popup
    if (popup !== undefined && !popup.closed) popup.location.href = url
    else window = (yield* Platform).open(url, "_blank", "noopener,noreferrer")
    const orderId = Result.isSuccess(answer) ? answer.success.orderId : undefined
    updateOnramp(store, (o) =>
      o.startId === startId ? { ...o, step: "following", order: { ...o.order!, id: orderId } } : undefined
    )
    applyPush(store, "OnrampBuyInProgress")
    yield* forkInClient(follow(startId, orderId, window))
  })
