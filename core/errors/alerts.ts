import { AirlockError } from "./AirlockError.ts"

/** The APKT alerts of SPEC §8: code, the title a user sees, and the longer explanation. */
export const alerts = {
  APKT001: { title: "Network Not Found", description: "The requested network is not one of the app's networks." },
  APKT002: {
    title: "Invalid App Configuration",
    description: "The page's origin is not in the project's allowed origins."
  },
  APKT003: { title: "Network Error: Wallet Load Failed", description: "The wallet list could not be loaded." },
  APKT004: { title: "Wallet Request Timeout", description: "The wallet did not answer in time." },
  APKT005: { title: "Unverified Domain", description: "The domain could not be verified." },
  APKT006: {
    title: "Session Expired",
    description: "The session token is not yet valid: check the system clock."
  },
  APKT007: { title: "Invalid Project ID", description: "The project id is not known to the wallet API." },
  APKT008: { title: "Project ID Missing", description: "No project id was configured." },
  APKT009: { title: "Server Error", description: "The app configuration could not be fetched." },
  APKT010: { title: "Rate Limited", description: "Too many requests: try again later." }
} as const

/** One of `APKT001` … `APKT010`. */
export type AlertCode = keyof typeof alerts

/** Every alert code, in order. */
export const alertCodes = Object.keys(alerts) as ReadonlyArray<AlertCode>

/**
 * An APKT alert. `shortMessage` is the title SPEC §8 gives; `docsPath` points at `docs/errors/APKT0xx.md`.
 *
 * @example
 * ```ts
 * new AlertError({ code: "APKT008" }).shortMessage // "Project ID Missing"
 * ```
 */
export class AlertError extends AirlockError {
  readonly _tag = "AlertError"
  declare readonly code: AlertCode
  readonly description: string

  constructor(args: { readonly code: AlertCode; readonly details?: string | undefined; readonly cause?: unknown }) {
    const alert = alerts[args.code]
    super(alert.title, {
      code: args.code,
      docsPath: `/errors/${args.code}.md`,
      details: args.details ?? alert.description,
      cause: args.cause
    })
    this.description = alert.description
  }
}

const serverMessages: ReadonlyArray<readonly [string, AlertCode]> = [
  ["Unauthorized: origin not allowed", "APKT002"],
  ["JWT validation error: JWT Token is not yet valid", "APKT006"],
  ["Unauthorized: invalid key", "APKT007"]
]

/** Maps a server's error message to its alert (SPEC §8 "Server messages mapped"), or `undefined`. */
export const alertCodeFromServerMessage = (message: string): AlertCode | undefined =>
  serverMessages.find(([text]) => message.includes(text))?.[1]

/**
 * Configuration alerts from the most precise to the vaguest. Several can fire at start (an unknown project id makes
 * the wallet API answer APKT007 and the analytics host answer 403, which reads as APKT002): the modal keeps the one
 * that tells the developer what to fix. Alerts not listed (APKT001, APKT004) come from a user's action and always show.
 */
export const alertPrecedence: ReadonlyArray<AlertCode> = [
  "APKT008",
  "APKT007",
  "APKT006",
  "APKT005",
  "APKT002",
  "APKT010",
  "APKT009",
  "APKT003"
]

/**
 * True when the alert on screen (`current`) must stay instead of `next`: both are configuration alerts and `current`
 * is more precise.
 * @example
 * ```ts
 * keepsCurrentAlert("APKT007", "APKT002") // true: "Invalid Project ID" says more than "Invalid App Configuration"
 * ```
 */
export const keepsCurrentAlert = (current: AlertCode | undefined, next: AlertCode): boolean => {
  if (current === undefined) return false
  const currentRank = alertPrecedence.indexOf(current)
  const nextRank = alertPrecedence.indexOf(next)
  return currentRank !== -1 && nextRank !== -1 && currentRank < nextRank
}
