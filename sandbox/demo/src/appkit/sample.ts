/** What the `/appkit` sample signs and where it sends, shared with test/e2e/appkitCompat.test.ts. */

/** Where the sample sends its 0.001 ETH. */
export const sampleRecipient = "0x00000000000000000000000000000000000a1e0c"

/** The message the sample signs. */
export const sampleMessage = "Hello from an AppKit app on Airlock"
