import type { SIWXConfig, SIWXSession } from "../options/siwx.ts"
import { sameAddress } from "../rules/sameAddress.ts"
import { makeMessage } from "./message.ts"
import type { ServerSiwxOptions } from "./options.ts"

/** What the auth routes answer about a session (docs/api-extensions.md). */
interface ServerSession {
  readonly address: string
  readonly chainId: string
  readonly domain: string
  readonly uri: string
  readonly issuedAt?: string
  readonly expirationTime?: string
  readonly message: string
  readonly signature: string
}

const isServerSession = (value: unknown): value is ServerSession => {
  const s = value as Partial<ServerSession> | null
  return (
    typeof s === "object" &&
    s !== null &&
    typeof s.address === "string" &&
    typeof s.chainId === "string" &&
    typeof s.message === "string" &&
    typeof s.signature === "string"
  )
}

const toSession = (s: ServerSession): SIWXSession => ({
  data: {
    accountAddress: s.address,
    chainId: s.chainId as SIWXSession["data"]["chainId"],
    domain: String(s.domain),
    uri: String(s.uri),
    version: "1",
    nonce: "",
    ...(typeof s.issuedAt === "string" ? { issuedAt: s.issuedAt } : {}),
    ...(typeof s.expirationTime === "string" ? { expirationTime: s.expirationTime } : {})
  },
  message: s.message,
  signature: s.signature
})

/**
 * Sign-in a server checks (the sandbox API's `/auth/v1/*` routes, or your own server's with `airlock-kit/server`):
 * the nonce comes from the server, the server verifies the signed message (EOA, EIP-1271, EIP-6492, Solana) and
 * keeps the session in an HttpOnly cookie; `getSessions` asks it. Email capture mails a code (`POST /auth/v1/otp`) and
 * confirms it (`POST /auth/v1/otp/confirm`); the confirmed address is part of the session the server makes next. Calls are credentialed, so the server must answer
 * CORS for the page's origin with credentials (the sandbox does for a project's allowed origins). The implementation
 * behind `serverSiwx` (`./configs.ts`), in the lazy part `./serverParts.ts`.
 */
export const makeServerSiwx = (options: ServerSiwxOptions): SIWXConfig => {
  const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> => {
    const url = new URL(`/auth/v1/${path}`, options.url)
    if (options.projectId !== undefined) url.searchParams.set("projectId", options.projectId)
    const response = await fetch(url, {
      method,
      credentials: "include",
      signal: AbortSignal.timeout(options.timeout ?? 10_000),
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
    })
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const reason = (json as { readonly message?: unknown } | undefined)?.message
      throw new Error(typeof reason === "string" ? reason : `The auth server answered ${response.status}`)
    }
    return json
  }
  const sessionsOf = (json: unknown): ReadonlyArray<SIWXSession> => {
    const list = (json as { readonly sessions?: unknown } | undefined)?.sessions
    return Array.isArray(list) ? list.filter(isServerSession).map(toSession) : []
  }
  // The pending email-capture code (`requestEmailOtp`'s answer), which `confirmEmailOtp` names.
  let otpUuid: string | undefined
  return {
    createMessage: async (input) => {
      const nonce = (await call("GET", "nonce")) as { readonly nonce?: unknown } | undefined
      if (typeof nonce?.nonce !== "string") throw new Error("The auth server gave no nonce")
      return makeMessage(input, nonce.nonce, options)
    },
    addSession: async (session) => {
      await call("POST", "authenticate", { message: session.message, signature: session.signature })
    },
    revokeSession: async (chainId, address) => {
      await call("POST", "sign-out", { address, chainId })
    },
    setSessions: async (sessions) => {
      if (sessions.length === 0) await call("POST", "sign-out", {})
      else throw new Error("A server's sessions are made by signing in")
    },
    getSessions: async (chainId, address) =>
      sessionsOf(await call("GET", "me")).filter(
        (s) => s.data.chainId === chainId && sameAddress(s.data.accountAddress, address)
      ),
    requestEmailOtp: async ({ email, account }) => {
      const answer = (await call("POST", "otp", { email, account })) as { readonly uuid?: unknown } | undefined
      const uuid = answer?.uuid
      if (uuid !== null && typeof uuid !== "string") throw new Error("The auth server gave no code id")
      otpUuid = uuid ?? undefined
      return { uuid }
    },
    confirmEmailOtp: async ({ code }) => {
      if (otpUuid === undefined) throw new Error("No email code was requested")
      await call("POST", "otp/confirm", { uuid: otpUuid, code })
      otpUuid = undefined
    },
    getRequired: () => options.required ?? true,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true
  }
}
