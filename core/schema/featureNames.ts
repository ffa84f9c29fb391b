/**
 * The names the `features` option takes, each list in its default order, as plain data: the options schema
 * (`features.ts`) checks against them, and the rules (core/rules) use them as defaults without the schema library.
 * @module
 */

/** The ways to connect on the Connect screen, in the default order (no browser wallet installed). */
export const connectMethods = ["email", "social", "wallet"] as const

/** The groups of the Connect screen's wallet list, in the default order. */
export const walletSections = [
  "walletConnect",
  "recent",
  "injected",
  "featured",
  "custom",
  "external",
  "recommended"
] as const

/** The account view's feature row, in the default order. */
export const walletFeatures = ["onramp", "swaps", "receive", "send"] as const
