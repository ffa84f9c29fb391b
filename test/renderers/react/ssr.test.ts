import { describe, expect, it } from "vitest"
import { entries } from "../../fixtures/node/entries.ts"
import { runNode } from "../../fixtures/node/runNode.ts"

describe("importing any entry in Node", () => {
  it("touches no browser global (window, document, localStorage, matchMedia, …) and throws for none", {
    timeout: 60_000
  }, async () => {
    expect(entries).toEqual([
      "airlock",
      "airlock/effect",
      "airlock/react",
      "airlock/testing",
      "airlock/networks",
      "airlock/evm",
      "airlock/walletconnect",
      "airlock/solana",
      "airlock/embedded"
    ])
    const { imported, failed, accesses } = await runNode<{
      imported: ReadonlyArray<string>
      failed: Record<string, string>
      accesses: ReadonlyArray<string>
    }>("test/fixtures/node/importEntries.ts")
    expect({ failed, accesses }).toEqual({ failed: {}, accesses: [] })
    expect(imported).toEqual(entries)
  })
})
