/** Reading what a wallet rejected with: EIP-1193 errors carry a numeric `code` and a `message`. */

/** EIP-1193's "user rejected the request". */
export const USER_REJECTED = 4001

/** The `code` of a wallet's error, if it has one. */
export const errorCode = (error: unknown): unknown =>
  typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined

/** A wallet error's message for logs and `details`. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : String(error)
