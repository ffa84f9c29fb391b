/**
 * An app page talking to the secure frame by hand, as core does: it embeds `<frame>/sdk?…` in a hidden iframe, records
 * every message from the frame's origin, and sends app actions with an id, resolving with the reply of that id.
 */
import type { Page } from "playwright-core"

/** A reply of the frame: its type and payload. */
export interface FrameReply {
  readonly type: string
  readonly payload?: unknown
}

/** Embeds the frame at `frameUrl` with the query `params` in `page` (already on the app's origin). */
export const embedFrame = (page: Page, frameUrl: string, params: Readonly<Record<string, string>>): Promise<void> =>
  page.evaluate(
    ({ src, frameOrigin }) => {
      const w = window as unknown as { received: unknown[]; frameOrigin: string }
      w.received = []
      w.frameOrigin = frameOrigin
      window.addEventListener("message", (event) => {
        if (event.origin === frameOrigin) w.received.push(event.data)
      })
      const iframe = document.createElement("iframe")
      iframe.src = src
      iframe.title = "Airlock secure site"
      iframe.hidden = true
      document.body.append(iframe)
    },
    { src: `${frameUrl}/sdk?${new URLSearchParams(params)}`, frameOrigin: new URL(frameUrl).origin }
  )

/** Every message the page received from the frame so far. */
export const frameMessages = (page: Page): Promise<Array<unknown>> =>
  page.evaluate(() => (window as unknown as { received: unknown[] }).received)

/** Sends the app action `action` to the page's frame and resolves with the frame's reply to it. */
export const sendToFrame = (page: Page, action: string, payload?: unknown): Promise<FrameReply> =>
  page.evaluate(
    ({ action, payload }) =>
      new Promise<{ type: string; payload?: unknown }>((resolve) => {
        const w = window as unknown as { frameOrigin: string }
        const id = crypto.randomUUID()
        const onReply = (event: MessageEvent) => {
          if (event.origin !== w.frameOrigin || (event.data as { id?: string }).id !== id) return
          window.removeEventListener("message", onReply)
          resolve(event.data as { type: string; payload?: unknown })
        }
        window.addEventListener("message", onReply)
        document
          .querySelector("iframe")
          ?.contentWindow?.postMessage(
            { type: `@airlock-app/${action}`, id, ...(payload === undefined ? {} : { payload }) },
            w.frameOrigin
          )
      }),
    { action, payload }
  )
