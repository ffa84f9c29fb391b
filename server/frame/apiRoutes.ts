/**
 * The secure site's JSON routes (`/api/*`): the frame page's config, its logins and sessions, its key, and the smart
 * sessions it records. Only the site's own frame page may call them (see `site.ts`).
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { createPublicClient, http, isAddressEqual } from "viem"
import { type FrameBinding, type LoginResult, sessionLifetimeMs } from "./accounts.ts"
import {
  ConnectEmailBody,
  FarcasterConnectBody,
  FarcasterStartBody,
  type FrameAccount,
  type FrameConfig,
  type FrameLogin,
  OtpBody,
  PreferredBody,
  SmartSessionSyncBody,
  SocialConnectBody,
  SocialStartBody,
  UpdateEmailBody,
  UpdateOtpBody,
  WaitDeviceBody
} from "./api.ts"
import { FrameHttpError } from "./codes.ts"
import { accountAbi } from "./contracts.ts"
import { clearSessionCookie, sessionCookieMatches, setSessionCookie } from "./cookie.ts"
import { smartAccountAddress } from "./funding.ts"
import { bearer, readJson, sendJson, untilClosed } from "./http.ts"
import { readPci } from "./page/sessions.ts"
import { type FrameSite, standInsOff } from "./site.ts"
import type { FrameUserRow } from "./store.ts"

const account = (user: FrameUserRow): FrameAccount => ({
  email: user.email,
  username: user.username,
  provider: user.provider,
  address: user.address,
  preferredAccountType: user.preferredAccountType
})

const toLogin = (result: LoginResult): FrameLogin => ({ token: result.token, account: account(result.user) })

/**
 * The handler of `/api/*` for a site.
 * @example
 * ```ts
 * import type { IncomingMessage, ServerResponse } from "node:http"
 * import type { FrameSite } from "./site.ts"
 * declare const site: FrameSite
 * declare const req: IncomingMessage
 * declare const res: ServerResponse
 * const api = makeApiRoutes(site)
 * await api(req, res, "/api/session", new URL(`http://127.0.0.1${req.url}`))
 * ```
 */
export const makeApiRoutes = (site: FrameSite) => {
  const { auth, chains, now, guards } = site
  /** A login's answer, with the session's HttpOnly cookie set beside it (server/frame/cookie.ts). */
  const loginOf =
    (res: ServerResponse) =>
    (result: LoginResult): FrameLogin => {
      res.setHeader("set-cookie", setSessionCookie(site.cookieSecret, result.token, sessionLifetimeMs / 1000))
      return toLogin(result)
    }
  /**
   * A session whose cookie came back once is bound to it: a call with its token and without that cookie finds no
   * session. The first call that brings the cookie binds the session.
   */
  const checkCookie = async (req: IncomingMessage, token: string | undefined): Promise<void> => {
    if (token === undefined || token === "") return
    const session = await site.store.sessions.get(token)
    if (session === undefined) return
    const matches = sessionCookieMatches(req, site.cookieSecret, token)
    if (matches === true) {
      if (session.cookieBound !== true) await site.store.sessions.bindCookie(token)
    } else if (session.cookieBound === true) throw new FrameHttpError(401, "Not signed in")
  }
  const clientOf = site.client

  /**
   * Records what the chain says of a smart session of the signed-in user's smart account: active (stored with the
   * permissions asked for) or gone (revoked in the store). The chain is the truth: a session the account does not
   * hold is never listed as active.
   */
  const syncSmartSession = async (user: FrameUserRow, binding: FrameBinding, req: IncomingMessage) => {
    const body = await readJson(req, SmartSessionSyncBody)
    const ref = readPci(body.pci)
    const chain = ref === undefined ? undefined : chains.find((c) => c.chainId === ref.chainId)
    if (ref === undefined || chain?.accountFactory === undefined)
      throw new FrameHttpError(400, "Invalid pci: not a smart session of a local chain")
    if (!isAddressEqual(smartAccountAddress(chain.accountFactory, chain.accountCode, user.address), ref.account))
      throw new FrameHttpError(403, "Forbidden: the session's account is not this user's")
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }) })
    const [expiry] = await client.readContract({
      address: ref.account,
      abi: accountAbi,
      functionName: "sessions",
      args: [ref.key]
    })
    const store = site.smartSessions
    const known = await store?.get(body.pci)
    const active = expiry > 0n
    if (active) {
      await store?.put({
        pci: body.pci,
        projectId: binding.projectId,
        address: ref.account.toLowerCase(),
        chainId: `eip155:${ref.chainId}`,
        createdAt: known?.createdAt ?? now(),
        expiry: Number(expiry),
        permissions: {
          permissions: body.permissions ?? [],
          policies: body.policies ?? [],
          context: body.pci
        },
        revokedAt: null
      })
    } else if (known !== undefined) await store?.revoke(body.pci, now())
    return { active }
  }

  return async (req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> => {
    guards.checkSameOrigin(req)
    const token = bearer(req)
    if (req.method === "GET" && path === "/api/config") {
      const allowed = guards.allowedOrigins(url.searchParams.get("projectId"))
      if (allowed === undefined) throw new FrameHttpError(403, "Unknown project")
      const config: FrameConfig = {
        allowedOrigins: allowed,
        chains: chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
        smartAccountChains: chains.flatMap((chain) => (chain.accountFactory === undefined ? [] : [chain.chainId])),
        accountFactory: site.accountFactory
      }
      return sendJson(res, 200, config)
    }
    if (req.method !== "POST") throw new FrameHttpError(405, `Method ${req.method} not allowed`)
    guards.checkFrameCall(req)
    const binding = guards.bindingOf(req)
    await checkCookie(req, token)
    const login = loginOf(res)
    switch (path) {
      case "/api/email/connect": {
        const body = await readJson(req, ConnectEmailBody)
        return sendJson(res, 200, await auth.connectEmail({ ...body, token, binding, client: clientOf(req) }))
      }
      case "/api/email/device": {
        const body = await readJson(req, WaitDeviceBody)
        return sendJson(res, 200, { approved: await auth.waitDevice(body.loginId, binding) })
      }
      case "/api/email/otp":
        return sendJson(
          res,
          200,
          login(await auth.verifyOtp({ ...(await readJson(req, OtpBody)), binding, client: clientOf(req) }))
        )
      case "/api/email/update": {
        const body = await readJson(req, UpdateEmailBody)
        return sendJson(res, 200, await auth.updateEmail(token, binding, body.email))
      }
      case "/api/email/update/primary":
        return sendJson(
          res,
          200,
          await auth.updateEmailPrimary(token, binding, {
            ...(await readJson(req, UpdateOtpBody)),
            client: clientOf(req)
          })
        )
      case "/api/email/update/secondary":
        return sendJson(
          res,
          200,
          await auth.updateEmailSecondary(token, binding, {
            ...(await readJson(req, UpdateOtpBody)),
            client: clientOf(req)
          })
        )
      case "/api/social/start": {
        if (!site.sandboxPages) throw standInsOff()
        const body = await readJson(req, SocialStartBody)
        if (body.projectId !== binding.projectId || body.appOrigin !== binding.appOrigin)
          throw new FrameHttpError(403, "Unauthorized: origin not allowed")
        const { uri } = await auth.socialStart({
          provider: body.provider,
          binding,
          appName: body.appName ?? body.appOrigin,
          client: clientOf(req)
        })
        return sendJson(res, 200, { uri })
      }
      case "/api/social/connect":
        return sendJson(
          res,
          200,
          login(await auth.socialConnect({ ...(await readJson(req, SocialConnectBody)), binding }))
        )
      case "/api/farcaster/start": {
        if (!site.sandboxPages) throw standInsOff()
        const body = await readJson(req, FarcasterStartBody)
        return sendJson(
          res,
          200,
          await auth.farcasterStart({ appName: body.appName ?? "the app", binding, client: clientOf(req) })
        )
      }
      case "/api/farcaster/connect": {
        const body = await readJson(req, FarcasterConnectBody)
        const result = await auth.farcasterWait(body.channel, body.deviceId, binding, untilClosed(req, res))
        return sendJson(res, 200, result === undefined ? { pending: true } : login(result))
      }
      case "/api/session":
        return sendJson(res, 200, account(await auth.session(token, binding)))
      case "/api/key":
        // The raw key goes to the frame page only: the secure origin, with a live session made for this binding.
        return sendJson(res, 200, { privateKey: await auth.key(token, binding) })
      case "/api/preferred": {
        const body = await readJson(req, PreferredBody)
        return sendJson(res, 200, account(await auth.setPreferred(token, binding, body.type)))
      }
      case "/api/signout":
        await auth.signOut(token, binding)
        if (token !== undefined && token !== "") res.setHeader("set-cookie", clearSessionCookie(token))
        return sendJson(res, 200, {})
      case "/api/smart-sessions":
        return sendJson(res, 200, await syncSmartSession(await auth.session(token, binding), binding, req))
      default:
        throw new FrameHttpError(404, `Not found: POST ${path}`)
    }
  }
}
