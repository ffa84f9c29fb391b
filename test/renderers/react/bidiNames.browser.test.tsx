import { describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import { renderAirlock, walletConnectConnector } from "./setup.tsx"

// A wallet announcing the name "\u202Eevil Wallet" (a right-to-left override first) would show as "tellaW live":
// the name reaches the Connect view without the control, through discovery as a real extension's would.

const announcing: AirlockAdapter = {
  namespace: "eip155",
  watchConnectors: (onChange) => {
    onChange([
      walletConnectConnector,
      { id: "evil.wallet", type: "ANNOUNCED", name: "\u202Eevil Wallet", chain: "eip155" }
    ])
    return () => {}
  }
}

describe("names with bidirectional controls", () => {
  test("a wallet's name shows in reading order, with no control character in the page", async () => {
    const { button } = await renderAirlock({ adapters: [announcing] })
    await userEvent.click(button)
    const row = page.getByRole("button", { name: /evil Wallet/ })
    await expect.element(row).toBeVisible()
    const element = row.element() as HTMLElement
    expect(element.textContent).toContain("evil Wallet")
    expect(document.body.innerHTML).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
    // Drawn as read: the "e" of "evil" left of the "W" of "Wallet" (with the override it would be the other way).
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    let node = walker.nextNode()
    while (node !== null && !(node.textContent ?? "").includes("evil Wallet")) node = walker.nextNode()
    expect(node).not.toBeNull()
    const at = (node?.textContent ?? "").indexOf("evil Wallet")
    const charRect = (offset: number) => {
      const range = document.createRange()
      range.setStart(node as Node, offset)
      range.setEnd(node as Node, offset + 1)
      return range.getBoundingClientRect()
    }
    expect(charRect(at).left).toBeLessThan(charRect(at + 5).left)
  })
})
