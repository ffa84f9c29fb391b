/**
 * `airlock-kit/server`: framework-free sign-in checks for a site's own Node server. Issue a nonce, verify the signed
 * message (EOAs, ERC-1271 and ERC-6492 smart accounts, Solana), and keep the session in a signed HttpOnly cookie.
 * Node only (`node:crypto`); see docs/server.md.
 * @module
 */
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
