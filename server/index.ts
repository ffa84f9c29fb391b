/**
 * `airlock-kit/server`: framework-free sign-in checks for a site's own Node server. Issue a nonce, verify the signed
 * message (EOAs, ERC-1271 and ERC-6492 smart accounts, Solana), keep the session in a signed HttpOnly cookie, and
 * confirm an email address with a mailed code (sign-in's email capture).
 * Node only (`node:crypto`); see docs/server.md.
 * @module
 */
export {
  type ConfirmedEmail,
  createEmailCodeStore,
  EmailCodeError,
  type EmailCodeRefusal,
  type EmailCodeStore,
  type EmailCodeStoreOptions,
  type IssuedEmailCode
} from "./emailCodes.ts"
export { createNonceStore, type NonceStore, NonceStoreFullError, type NonceStoreOptions } from "./nonce.ts"
export {
  maxSessionTokenLength,
  readCookie,
  readSession,
  type SessionCookieOptions,
  type SessionSecret,
  sessionCookie,
  signSession
} from "./session.ts"
export {
  maxSiwxMessageLength,
  maxSiwxSignatureLength,
  type SiwxRefusal,
  type SiwxSession,
  siwxClockSkewMs,
  type VerifySiwxParameters,
  type VerifySiwxResult,
  verifySiwx
} from "./verify.ts"
