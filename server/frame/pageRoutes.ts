/**
 * The secure site's pages: the frame page (`/sdk`) and its scripts and style, and the sandbox's stand-in pages (the
 * mailbox, the social consent pages and their callback, the Farcaster approval page), which a production server
 * turns off.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { FrameHttpError } from "./codes.ts"
import { baseHeaders, frameAncestors, readForm, sendHtml, sendJson, sendText } from "./http.ts"
import { callbackPage, consentPage, farcasterPage, frameCss, mailboxPage, messagePage, sdkPage } from "./pages.ts"
import type { FrameSite } from "./site.ts"
import { type FrameSocialProvider, frameSocialProviders } from "./social.ts"

const isProvider = (value: string): value is FrameSocialProvider =>
  (frameSocialProviders as ReadonlyArray<string>).includes(value)

/**
 * The handler of the site's pages (everything but `/api/*`) for a site.
 * @example
 * ```ts
 * import type { IncomingMessage, ServerResponse } from "node:http"
 * import type { FrameSite } from "./site.ts"
 * declare const site: FrameSite
 * declare const req: IncomingMessage
 * declare const res: ServerResponse
 * const pages = makePageRoutes(site)
 * await pages(req, res, "/sdk", new URL(`http://127.0.0.1${req.url}`))
 * ```
 */
export const makePageRoutes =
  ({ auth, store, scripts, sandboxPages, guards }: FrameSite) =>
  async (req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> => {
    const method = req.method ?? "GET"
    if (method === "GET" || method === "HEAD") {
      if (path === "/sdk") {
        const allowed = guards.allowedOrigins(url.searchParams.get("projectId"))
        if (allowed === undefined) return sendHtml(res, 403, messagePage("Unknown project", "Check the projectId."))
        return sendHtml(res, 200, sdkPage(), frameAncestors(allowed))
      }
      if (path === "/sdk.js") return sendText(res, 200, "text/javascript; charset=utf-8", scripts.sdk)
      if (path === "/social-callback.js") return sendText(res, 200, "text/javascript; charset=utf-8", scripts.callback)
      if (path === "/frame.css") return sendText(res, 200, "text/css; charset=utf-8", frameCss)
      if (!sandboxPages && /^\/(mailbox|oauth|farcaster|social\/callback)(\/|$)|^\/$/.test(path))
        throw new FrameHttpError(404, `Not found: ${method} ${path}`)
      if (path === "/" || path === "/mailbox") {
        const to = url.searchParams.get("to") ?? undefined
        return sendHtml(res, 200, mailboxPage(await store.mailbox.list(to), to))
      }
      if (path === "/mailbox/messages") {
        const to = url.searchParams.get("to")
        if (to === null || to === "") throw new FrameHttpError(400, "Missing query parameter 'to'")
        const messages = (await store.mailbox.list(to)).map((mail) => ({
          to: mail.to,
          subject: mail.subject,
          body: mail.body,
          code: mail.code,
          link: mail.link,
          time: new Date(mail.sentAt).toISOString()
        }))
        return sendJson(res, 200, { messages })
      }
      if (path === "/social/callback") {
        const state = await auth.socialState(url.searchParams.get("state") ?? "")
        return sendHtml(res, 200, callbackPage(state.appOrigin))
      }
      const authorize = /^\/oauth\/([a-z]+)\/authorize$/.exec(path)
      if (authorize !== null) {
        const provider = authorize[1] ?? ""
        const state = url.searchParams.get("state") ?? ""
        if (!isProvider(provider)) throw new FrameHttpError(404, `Unknown provider ${provider}`)
        const entry = await auth.socialState(state)
        if (entry.provider !== provider) throw new FrameHttpError(400, "This sign-in is for another provider")
        return sendHtml(res, 200, consentPage({ provider, appName: entry.appName, state }))
      }
      const farcaster = /^\/farcaster\/([A-Za-z0-9_-]{1,64})$/.exec(path)
      if (farcaster !== null) {
        const channel = farcaster[1] ?? ""
        const entry = await auth.farcasterChannel(channel)
        return sendHtml(res, 200, farcasterPage({ channel, appName: entry.appName }))
      }
    }
    if (method === "POST") {
      if (!sandboxPages && /^\/(oauth|farcaster)\//.test(path))
        throw new FrameHttpError(404, `Not found: ${method} ${path}`)
      const decide = /^\/oauth\/([a-z]+)\/decide$/.exec(path)
      if (decide !== null) {
        guards.checkSameOrigin(req)
        const form = await readForm(req)
        const location = await auth.socialDecide({
          provider: decide[1] ?? "",
          state: form.get("state") ?? "",
          username: form.get("username") ?? "",
          allow: form.get("decision") === "allow"
        })
        return void res.writeHead(303, { ...baseHeaders, location }).end()
      }
      const approve = /^\/farcaster\/([A-Za-z0-9_-]{1,64})\/approve$/.exec(path)
      if (approve !== null) {
        guards.checkSameOrigin(req)
        const form = await readForm(req)
        await auth.farcasterApprove(approve[1] ?? "", form.get("username") ?? "")
        return sendHtml(res, 200, messagePage("Signed in with Farcaster", "You can go back to the app."))
      }
    }
    throw new FrameHttpError(404, `Not found: ${method} ${path}`)
  }
