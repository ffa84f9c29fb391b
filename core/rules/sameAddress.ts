/**
 * Whether two addresses are the same account: EVM addresses compare without their checksum case, others exactly.
 * @example
 * ```ts
 * sameAddress("0xAbC0000000000000000000000000000000000001", "0xabc0000000000000000000000000000000000001") // true
 * ```
 */
export const sameAddress = (a: string, b: string): boolean =>
  a === b || (a.startsWith("0x") && a.toLowerCase() === b.toLowerCase())
