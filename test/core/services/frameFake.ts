/**
 * A fake page around the Frame service: a window whose `message` listeners the test calls, a document whose
 * `createElement("iframe")` gives an element with a fake `contentWindow` that records what the app posts. Injected
 * through `Platform.layerTest`, so no global is touched.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { frameLayer as liveFrameLayer } from "../../../core/client/frameLayer.ts"
import { ClientConfig } from "../../../core/services/ClientConfig.ts"
import { Platform } from "../../../core/services/Platform.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { StateStore } from "../../../core/state/StateStore.ts"
import type { Store } from "../../../core/state/Store.ts"
import { makeFlowStore } from "./flowContext.ts"

/** The secure site's origin in these tests. */
export const secureOrigin = "https://secure.airlock.test"

/** What the app posted to the frame window. */
export interface Posted {
  readonly message: { readonly type: string; readonly id: string; readonly payload?: unknown }
  readonly targetOrigin: string
}

/** The fake iframe element: its attributes, whether it is in the document. */
export interface FakeIframe {
  readonly tagName: string
  readonly attributes: Map<string, string>
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void }
  connected: boolean
  setAttribute(name: string, value: string): void
  remove(): void
}

/** A fresh fake page. */
export const makeFakePage = () => {
  const listeners = new Set<(event: MessageEvent) => void>()
  const posted: Array<Posted> = []
  const frameWindow = {
    postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message, targetOrigin } as Posted)
  }
  /** Another window of the same secure origin (a second frame, a popup). */
  const otherWindow = { postMessage: () => {} }
  const iframes: Array<FakeIframe> = []
  const document = {
    body: {
      appendChild: (element: FakeIframe) => {
        element.connected = true
        iframes.push(element)
        return element
      }
    },
    createElement: (tagName: string): FakeIframe => {
      const attributes = new Map<string, string>()
      const element: FakeIframe = {
        tagName,
        attributes,
        contentWindow: frameWindow,
        connected: false,
        setAttribute: (name, value) => void attributes.set(name, value),
        remove: () => {
          element.connected = false
        }
      }
      return element
    }
  }
  const window = {
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === "message") listeners.add(listener)
    },
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === "message") listeners.delete(listener)
    }
  }
  /** Delivers a message event to the page, by default from the frame window at the secure origin. */
  const deliver = (data: unknown, from: { readonly origin?: string; readonly source?: unknown } = {}) => {
    const event = {
      data,
      origin: "origin" in from ? from.origin : secureOrigin,
      source: "source" in from ? from.source : frameWindow
    }
    for (const listener of [...listeners]) listener(event as MessageEvent)
  }
  /** The frame's reply to the `index`th posted request (the last by default). */
  const reply = (outcome: "SUCCESS" | "ERROR", payload?: unknown, index = posted.length - 1) => {
    const request = posted[index]!.message
    const action = request.type.slice("@airlock-app/".length)
    deliver({
      type: `@airlock-frame/${action}_${outcome}`,
      id: request.id,
      ...(payload === undefined ? {} : { payload })
    })
  }
  return { window, document, frameWindow, otherWindow, listeners, posted, iframes, deliver, reply }
}

/** A fake page. */
export type FakePage = ReturnType<typeof makeFakePage>

/** The Frame service's layer over a fake page, a store for its alerts, and a config whose `endpoints.frame` is set. */
export const frameLayer = (
  page: FakePage,
  store: Store<AirlockState> = makeFlowStore(),
  /** `endpoints.frame`; `null` leaves it unset. */
  frame: string | null = `${secureOrigin}/embedded/`
) =>
  liveFrameLayer.pipe(
    Layer.provide(
      Layer.mergeAll(
        ClientConfig.layer({
          projectId: "p1",
          sdkType: "airlock",
          sdkVersion: "airlock-4.0.0",
          endpoints: {
            walletApi: "https://api.airlock.test",
            blockchainApi: "https://rpc.airlock.test",
            ...(frame === null ? {} : { frame })
          }
        }),
        Platform.layerTest({
          window: page.window as unknown as Window,
          document: page.document as unknown as Document
        }),
        StateStore.layer(store)
      )
    )
  )

/** Lets forked fibers run up to their next wait (no clock moves). */
export const settle = Effect.gen(function* () {
  for (let turn = 0; turn < 20; turn++) yield* Effect.yieldNow
})
