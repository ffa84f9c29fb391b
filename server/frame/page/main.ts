/**
 * The frame page's script (`/sdk.js`): finds the embedding app's origin, checks it against the project's allowed
 * origins, then answers only messages from `window.parent` at that origin, each decoded first, and posts only to that
 * origin. Logins, the session token and the key stay in this origin.
 */
import { matchesOriginPattern } from "../../../core/rules/origins.ts"
import type { FrameConfig } from "../api.ts"
import { FrameApiError, makeFrame, sessionKey, storageKeys } from "./frame.ts"
import { appPrefix, decodeAppMessage, framePrefix } from "./protocol.ts"

const warn = (message: string) => console.warn(`Airlock frame: ${message}`)

/** The longest any call of this site may take (its long-polls answer within 25 s). */
const apiTimeoutMs = 60_000

/**
 * Calls a route of this site. Every call states the project and the app origin this frame established, so the server
 * binds a login to them and refuses (as signed out) a session made for another pair.
 */
const makeApi =
  (binding: { readonly projectId: string; readonly appOrigin: string } | undefined) =>
  async (path: string, body?: unknown, token?: string, signal?: AbortSignal): Promise<unknown> => {
    const response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(binding === undefined
          ? {}
          : { "x-airlock-project-id": binding.projectId, "x-airlock-app-origin": binding.appOrigin }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      // Same-origin: the session's HttpOnly cookie (server/frame/cookie.ts) is stored at login and sent back after.
      credentials: "same-origin",
      signal:
        signal === undefined
          ? AbortSignal.timeout(apiTimeoutMs)
          : AbortSignal.any([signal, AbortSignal.timeout(apiTimeoutMs)])
    })
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown }
    if (!response.ok)
      throw new FrameApiError(
        response.status,
        typeof answer.message === "string" ? answer.message : "Something went wrong"
      )
    return answer
  }

/** localStorage, or memory when this origin's storage is blocked (the session then lasts as long as the page). */
const makeStorage = () => {
  const memory = new Map<string, string>()
  const local = (() => {
    try {
      localStorage.getItem(storageKeys.device)
      return localStorage
    } catch {
      return undefined
    }
  })()
  return {
    get: (key: string) => (local ? local.getItem(key) : (memory.get(key) ?? null)),
    set: (key: string, value: string) => (local ? local.setItem(key, value) : void memory.set(key, value)),
    remove: (key: string) => (local ? local.removeItem(key) : void memory.delete(key))
  }
}

/** The embedding page's origin: what the browser says embeds us, else the referrer's origin. */
const parentOrigin = (): string | undefined => {
  const ancestors = location.ancestorOrigins
  if (ancestors !== undefined && ancestors.length > 0) return ancestors[0]
  try {
    return new URL(document.referrer).origin
  } catch {
    return undefined
  }
}

const start = async () => {
  if (window.parent === window) return warn("not embedded: this page runs inside an app's iframe")
  const params = new URLSearchParams(location.search)
  const projectId = params.get("projectId") ?? ""
  const appOrigin = parentOrigin()
  const config = (await makeApi(undefined)(`/api/config?projectId=${encodeURIComponent(projectId)}`)) as FrameConfig
  if (appOrigin === undefined || !config.allowedOrigins.some((pattern) => matchesOriginPattern(appOrigin, pattern)))
    return warn(`the embedding origin ${appOrigin ?? "(unknown)"} is not allowed for project ${projectId}`)

  const post = (message: Record<string, unknown>) => window.parent.postMessage(message, appOrigin)
  const rawChain = params.get("chainId") ?? "1"
  const frame = makeFrame({
    api: makeApi({ projectId, appOrigin }),
    storage: makeStorage(),
    config,
    projectId,
    appOrigin,
    origin: location.origin,
    chainId: /^\d+$/.test(rawChain) ? Number(rawChain) : rawChain,
    rpcUrl: params.get("rpcUrl") ?? undefined,
    onSessionChange: (isConnected) => post({ type: `${framePrefix}SESSION_UPDATE`, payload: { isConnected } })
  })

  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== appOrigin)
      return warn("ignored a message from another window or origin")
    const request = decodeAppMessage(event.data)
    if (request === undefined) return warn("ignored a message that does not decode")
    if ("error" in request) {
      warn(`refused ${request.type}: ${request.error}`)
      return post({
        type: `${framePrefix}${request.type.slice(appPrefix.length)}_ERROR`,
        id: request.id,
        payload: { message: request.error }
      })
    }
    frame.handle(request).then(
      (payload) => {
        post({
          type: `${framePrefix}${request.action}_SUCCESS`,
          id: request.id,
          ...(payload === undefined ? {} : { payload })
        })
        if (request.action === "RELOAD") location.reload()
      },
      (error: unknown) =>
        post({
          type: `${framePrefix}${request.action}_ERROR`,
          id: request.id,
          payload: { message: error instanceof Error && error.message !== "" ? error.message : "An error occurred" }
        })
    )
  })
  // Another tab of this origin signed in or out.
  window.addEventListener("storage", (event) => {
    if (event.key === sessionKey({ projectId, appOrigin })) frame.storageChanged(event.newValue)
  })
  post({ type: `${framePrefix}READY` })
}

start().catch((error: unknown) => console.error("Airlock frame: could not start", error))
