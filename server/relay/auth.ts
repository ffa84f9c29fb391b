/**
 * The relay's login: the JWT a WalletConnect client signs with its own key (its client id), for this relay's address.
 */
import { decodeJWT, verifyJWT } from "@walletconnect/relay-auth"

const text = (value: unknown): string | undefined => (typeof value === "string" && value.length > 0 ? value : undefined)

/**
 * The client id a JWT proves, or `undefined` when it is missing, malformed, badly signed or expired.
 * @example
 * ```ts
 * const clientId = await authenticate(new URL("ws://127.0.0.1:1/?auth=bad").searchParams.get("auth"), Date.now())
 * // undefined: also when `audience` is given and refuses the token's `aud`
 * ```
 */
export const authenticate = async (
  jwt: string | null,
  now: number,
  audience?: (aud: string) => boolean
): Promise<string | undefined> => {
  if (jwt === null || jwt.length > 4096) return undefined
  try {
    if (!(await verifyJWT(jwt))) return undefined
    const { payload } = decodeJWT(jwt)
    if (typeof payload.exp === "number" && payload.exp * 1000 < now) return undefined
    // A token the client signed for another relay is not a login here (it could be replayed from there).
    if (audience !== undefined && !(typeof payload.aud === "string" && audience(payload.aud))) return undefined
    return text(payload.iss)
  } catch {
    return undefined
  }
}

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"]

/** `ws://host:port` of a relay URL (path, query and a default port dropped), or `undefined` if it is not one. */
const address = (url: string): string | undefined => {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== "ws:" && parsed.protocol !== "wss:") return undefined
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return undefined
  }
}

/**
 * Which token audiences name this relay: its loopback address on the port the socket came in on, and the public
 * URLs it is reached at (a load balancer, a host name).
 * @example
 * ```ts
 * const ours = audienceCheck(["wss://relay.example.com"])
 * ours("wss://relay.example.com/", 4401) // true
 * ours("ws://localhost:4401", 4401) // true
 * ```
 */
export const audienceCheck = (publicUrls: ReadonlyArray<string> = []) => {
  const known = new Set(publicUrls.flatMap((url) => address(url) ?? []))
  return (aud: string, localPort: number | undefined): boolean => {
    const ours = address(aud)
    if (ours === undefined) return false
    if (known.has(ours)) return true
    const url = new URL(ours)
    return LOOPBACK.includes(url.hostname) && url.port === String(localPort)
  }
}
