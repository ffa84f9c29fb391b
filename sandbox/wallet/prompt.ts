/**
 * The Sandbox Wallet's approval prompt: a card at the top right, like an extension popup, inside a shadow root so
 * the page's CSS cannot reach it. One prompt at a time; further requests wait their turn.
 */
import { walletName } from "./config.ts"

/** What a prompt shows. */
export interface PromptContent {
  /** What is asked, e.g. "Connect" or "Send transaction". */
  readonly action: string
  /** One sentence under the action. */
  readonly summary: string
  /** Label / value pairs (network, address, amount…). */
  readonly rows?: ReadonlyArray<readonly [string, string]>
  /** Longer text (a message to sign, typed data), shown preformatted. */
  readonly body?: string
  /** The wallet that asks, as the prompt's title. @default "Sandbox Wallet" */
  readonly wallet?: string
}

const css = `
:host { all: initial; }
dialog {
  position: fixed; inset: 16px 16px auto auto; margin: 0; box-sizing: border-box;
  width: 360px; max-width: calc(100vw - 32px); max-height: calc(100vh - 32px); overflow: auto;
  padding: 16px; border: 1px solid #d0d4dc; border-radius: 14px; background: #fff; color: #15171c;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.28); font: 14px/1.4 system-ui, sans-serif;
}
dialog::backdrop { background: rgba(0, 0, 0, 0.12); }
header { display: flex; align-items: center; gap: 8px; margin-bottom: 12px; }
.logo { width: 24px; height: 24px; border-radius: 6px; background: linear-gradient(135deg, #ff8a00, #7a4dff); }
h2 { font-size: 15px; margin: 0; font-weight: 600; }
.origin { margin-left: auto; color: #5b6270; font-size: 12px; }
h3 { font-size: 18px; margin: 0 0 4px; }
p { margin: 0 0 12px; color: #3a404c; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 12px; }
dt { color: #5b6270; }
dd { margin: 0; overflow-wrap: anywhere; font-family: ui-monospace, monospace; font-size: 12.5px; }
pre { margin: 0 0 12px; padding: 8px; max-height: 180px; overflow: auto; border-radius: 8px; background: #f2f4f7;
  white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.4 ui-monospace, monospace; }
.actions { display: flex; gap: 8px; }
button { flex: 1; padding: 10px; border-radius: 10px; font: inherit; font-weight: 600; cursor: pointer; }
.reject { border: 1px solid #c4c9d2; background: #fff; color: #15171c; }
.approve { border: 1px solid #3b5bfd; background: #3b5bfd; color: #fff; }
button:focus-visible { outline: 2px solid #15171c; outline-offset: 2px; }
`

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}) =>
  Object.assign(document.createElement(tag), props)

let queue: Promise<unknown> = Promise.resolve()

const show = (content: PromptContent): Promise<boolean> =>
  new Promise((resolve) => {
    const host = element("div")
    host.setAttribute("data-sandbox-wallet", "prompt")
    const shadow = host.attachShadow({ mode: "open" })
    // a constructed sheet is not an inline <style>, so a page CSP without 'unsafe-inline' does not block it
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    shadow.adoptedStyleSheets = [sheet]

    const dialog = element("dialog")
    dialog.setAttribute("aria-labelledby", "sandbox-wallet-action")
    dialog.setAttribute("aria-describedby", "sandbox-wallet-summary")
    const header = element("header")
    const logo = element("span", { className: "logo" })
    logo.setAttribute("aria-hidden", "true")
    header.append(logo, element("h2", { textContent: content.wallet ?? walletName }))
    header.append(element("span", { className: "origin", textContent: location.host || location.origin }))
    dialog.append(header)
    dialog.append(element("h3", { id: "sandbox-wallet-action", textContent: content.action }))
    dialog.append(element("p", { id: "sandbox-wallet-summary", textContent: content.summary }))
    if (content.rows && content.rows.length > 0) {
      const list = element("dl")
      for (const [label, value] of content.rows) {
        list.append(element("dt", { textContent: label }), element("dd", { textContent: value }))
      }
      dialog.append(list)
    }
    if (content.body !== undefined) dialog.append(element("pre", { textContent: content.body }))
    const actions = element("div", { className: "actions" })
    const reject = element("button", { type: "button", className: "reject", textContent: "Reject" })
    const approve = element("button", { type: "button", className: "approve", textContent: "Approve" })
    actions.append(reject, approve)
    dialog.append(actions)
    shadow.append(dialog)

    const finish = (approved: boolean) => {
      dialog.close()
      host.remove()
      resolve(approved)
    }
    approve.addEventListener("click", () => finish(true))
    reject.addEventListener("click", () => finish(false))
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault()
      finish(false)
    })
    // keys typed in the prompt are the wallet's: a page's document-level Escape handler must not see them
    host.addEventListener("keydown", (event) => event.stopPropagation())

    ;(document.body ?? document.documentElement).append(host)
    // modal, so that it stays clickable even above a page's own modal <dialog> (which makes the rest inert)
    dialog.showModal()
  })

/**
 * Shows a prompt and resolves `true` on Approve, `false` on Reject or Escape. Prompts are shown one after another.
 *
 * @example
 * ```ts
 * const ok = await askUser({ action: "Connect", summary: "127.0.0.1 wants to see your address." })
 * ```
 */
export const askUser = (content: PromptContent): Promise<boolean> => {
  const next = queue.then(() => show(content))
  queue = next
  return next
}
