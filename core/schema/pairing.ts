/** How long a WalletConnect pairing uri lives: 4 minutes (SPEC §9). */
export const pairingLifetimeMs = 4 * 60 * 1000

/** A pairing counts as expired once less than this much time is left: 10 s (SPEC §5). */
export const pairingExpiryMarginMs = 10_000

/**
 * True when a pairing expiring at `expiry` has under 10 s left at `now` (epoch ms), or has no expiry at all.
 * `now` is passed in so callers read it from Effect's `Clock`.
 * @example
 * ```ts
 * isPairingExpired(20_000, 10_001) // true: 9 999 ms left
 * ```
 */
export const isPairingExpired = (expiry: number | undefined, now: number): boolean =>
  expiry === undefined || expiry - now < pairingExpiryMarginMs

/**
 * The expiry time of a pairing created at `now` (epoch ms).
 * @example
 * ```ts
 * pairingExpiry(0) // 240000
 * ```
 */
export const pairingExpiry = (now: number): number => now + pairingLifetimeMs
