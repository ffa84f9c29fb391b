/**
 * The secure site's HTML: the frame page, the mailbox, the social stand-ins' consent page, the Farcaster stand-in and
 * small result pages. Server-rendered, no inline script or style (the CSP forbids both), every value escaped.
 */
import type { FrameSocialProvider } from "./auth.ts"
import type { MailRow } from "./store.ts"

/**
 * Escapes text for HTML content and attribute values.
 * @example
 * ```ts
 * escapeHtml('<a href="x">') // "&#60;a href=&#34;x&#34;&#62;"
 * ```
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** How each stand-in names itself. */
export const providerNames: Readonly<Record<FrameSocialProvider, string>> = {
  google: "Google",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook",
  x: "X",
  discord: "Discord"
}

/** The username each stand-in offers by default (Discord's with the `#0` discriminator it adds to new names). */
export const defaultUsernames: Readonly<Record<FrameSocialProvider, string>> = {
  google: "ada.lovelace",
  github: "ada-lovelace",
  apple: "ada",
  facebook: "ada.lovelace",
  x: "ada_lovelace",
  discord: "ada#0"
}

/** The username the Farcaster stand-in offers by default. */
export const defaultFarcasterUsername = "ada.eth"

const page = (title: string, body: string, head = ""): string =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/frame.css">
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`

/**
 * The frame page: nothing visible, only its script.
 * @example
 * ```ts
 * import type { ServerResponse } from "node:http"
 * declare const res: ServerResponse
 * res.end(sdkPage())
 * ```
 */
export const sdkPage = (): string =>
  page("Airlock secure site", `<h1 class="hidden">Airlock secure site</h1>`, `<script src="/sdk.js" defer></script>`)

/**
 * A page with a title and one paragraph (what went wrong, or what happened).
 * @example
 * ```ts
 * import type { ServerResponse } from "node:http"
 * declare const res: ServerResponse
 * res.end(messagePage("Device approved", "Go back to the app to sign in."))
 * ```
 */
export const messagePage = (title: string, message: string): string =>
  page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`)

const time = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19)

/**
 * The mailbox: every message, newest first, codes and links visible.
 * @example
 * ```ts
 * import type { ServerResponse } from "node:http"
 * declare const res: ServerResponse
 * import type { FrameStore } from "./store.ts"
 * declare const store: FrameStore
 * res.end(mailboxPage(await store.mailbox.list("ada@example.com"), "ada@example.com"))
 * ```
 */
export const mailboxPage = (messages: ReadonlyArray<MailRow>, to: string | undefined): string => {
  const items = messages.map(
    (mail) => `<li>
<article aria-labelledby="mail-${mail.id}">
<h2 id="mail-${mail.id}">${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)}, ${escapeHtml(time(mail.sentAt))} UTC</p>
<p>${escapeHtml(mail.body)}</p>
${mail.code === null ? "" : `<p class="code">Code: <strong>${escapeHtml(mail.code)}</strong></p>`}
${mail.link === null ? "" : `<p><a href="${escapeHtml(mail.link)}">Approve this device</a></p>`}
</article>
</li>`
  )
  const heading = to === undefined ? "Mailbox" : `Mailbox of ${to}`
  const list = items.length === 0 ? "<p>No messages yet.</p>" : `<ol class="mail">\n${items.join("\n")}\n</ol>`
  return page(heading, `<h1>${escapeHtml(heading)}</h1>\n<p><a href="">Refresh</a></p>\n${list}`)
}

/**
 * What the stand-ins' pages say first: they are for development, and they take the username as the identity (no
 * password, no provider), so anyone can sign in as anyone.
 */
export const standInWarning =
  "Development stand-in: the username you type here is taken as your identity, with no password and no provider behind it. Anyone can sign in as any user. Never use it outside the sandbox."

/**
 * The social stand-in's consent page: a username and Allow / Cancel.
 * DEVELOPMENT STAND-IN: the username typed becomes the identity; the page says so first.
 * @example
 * ```ts
 * import type { ServerResponse } from "node:http"
 * declare const res: ServerResponse
 * declare const state: string
 * res.end(consentPage({ provider: "github", appName: "Demo", state }))
 * ```
 */
export const consentPage = (input: {
  readonly provider: FrameSocialProvider
  readonly appName: string
  readonly state: string
}): string => {
  const name = providerNames[input.provider]
  const title = `Sign in to ${input.appName} with ${name}`
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="warning"><strong>${escapeHtml(standInWarning)}</strong></p>
<p>This is the sandbox's stand-in for ${escapeHtml(name)}: no account leaves this machine.</p>
<form method="post" action="/oauth/${input.provider}/decide">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
<label for="username">${escapeHtml(name)} username</label>
<input id="username" name="username" autocomplete="username" required maxlength="64" value="${escapeHtml(defaultUsernames[input.provider])}">
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`
  )
}

/**
 * The Farcaster stand-in: approves the login of one channel.
 * DEVELOPMENT STAND-IN: the username typed becomes the identity; the page says so first.
 * @example
 * ```ts
 * import type { ServerResponse } from "node:http"
 * declare const res: ServerResponse
 * declare const channel: string
 * res.end(farcasterPage({ channel, appName: "Demo" }))
 * ```
 */
export const farcasterPage = (input: { readonly channel: string; readonly appName: string }): string => {
  const title = `Sign in to ${input.appName} with Farcaster`
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="warning"><strong>${escapeHtml(standInWarning)}</strong></p>
<p>This is the sandbox's stand-in for a Farcaster client.</p>
<form method="post" action="/farcaster/${escapeHtml(input.channel)}/approve">
<label for="username">Farcaster username</label>
<input id="username" name="username" autocomplete="username" required maxlength="64" value="${escapeHtml(defaultFarcasterUsername)}">
<div class="actions"><button type="submit">Approve</button></div>
</form>`
  )
}

/**
 * The social callback: its script posts the result to `appOrigin` and closes the popup.
 * @example
 * ```ts
 * import type { ServerResponse } from "node:http"
 * declare const res: ServerResponse
 * res.end(callbackPage("http://127.0.0.1:5173"))
 * ```
 */
export const callbackPage = (appOrigin: string): string =>
  page(
    "Signing in…",
    `<h1>Signing in…</h1>\n<p>You can close this window if it stays open.</p>`,
    `<meta name="airlock-app-origin" content="${escapeHtml(appOrigin)}">\n<script src="/social-callback.js" defer></script>`
  )

/** The stylesheet every page links. */
export const frameCss = `:root { color-scheme: light; font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; }
body { margin: 0; padding: 24px; }
main { max-width: 40rem; margin: 0 auto; }
a { color: #0b57d0; }
.hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.meta { color: #555; font-size: 0.875rem; }
.code strong { font-size: 1.5rem; letter-spacing: 0.2em; }
.mail { list-style: none; padding: 0; }
.mail > li { border-bottom: 1px solid #ccc; padding: 8px 0; }
label { display: block; margin: 16px 0 4px; }
input { font: inherit; padding: 8px; width: 100%; box-sizing: border-box; }
.warning { border: 2px solid #8a1c00; background: #fff4f0; color: #5c1200; padding: 8px 12px; }
.actions { display: flex; gap: 8px; margin-top: 16px; }
button { font: inherit; padding: 8px 16px; }
`
