import { expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { render } from "vitest-browser-react"
import { createTestAirlock, fakeAdapter } from "../../../core/testing/index.ts"
import { AirlockProvider, ConnectButton } from "../../../renderers/react/index.ts"
import { onIdle } from "../../../renderers/react/internal/onIdle.ts"
import { getLoadedModal } from "../../../renderers/react/modal/load.ts"
import { viewComponent } from "../../../renderers/react/modal/views.ts"
import { skipAnimations } from "./setup.tsx"

const isLazy = (component: unknown) => (component as { $$typeof?: symbol }).$$typeof === Symbol.for("react.lazy")

test("the modal's code is fetched when the pointer reaches the button, not with the page", async () => {
  skipAnimations()
  const client = createTestAirlock({ adapters: [{ namespace: "eip155" }] })
  await render(
    <AirlockProvider client={client} preload="interaction">
      <ConnectButton />
    </AirlockProvider>
  )
  // The moment the default ("idle") preload would have fetched it: idle tasks run in order, so one scheduled now
  // runs after any the provider scheduled while rendering (the same mechanism, however busy the machine is).
  await client.ready
  await new Promise<void>((resolve) => onIdle(resolve))
  expect(getLoadedModal()).toBeUndefined()
  await userEvent.hover(page.getByRole("button", { name: "Connect Wallet" }))
  await expect.poll(() => getLoadedModal()).toBeDefined()
  await userEvent.click(page.getByRole("button", { name: "Connect Wallet" }))
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  await client.destroy()
})

test("a view fetched ahead is drawn without a loading placeholder (no Suspense hold when a wallet is chosen)", async () => {
  skipAnimations()
  let placeholders = 0
  const observer = new MutationObserver(() => {
    if (document.querySelector(".airlock-view-loading") !== null) placeholders += 1
  })
  const wallet = fakeAdapter({ connector: { name: "Slow Wallet" } })
  // A wallet that keeps its prompt open, so ConnectingExternal stays on screen.
  const pending = { ...wallet.adapter, load: async () => ({ connect: () => new Promise<never>(() => {}) }) }
  const client = createTestAirlock({ adapters: [pending] })
  await render(
    <AirlockProvider client={client}>
      <ConnectButton />
    </AirlockProvider>
  )
  await userEvent.click(page.getByRole("button", { name: "Connect Wallet" }))
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  // Opening Connect fetches the view its wallet rows lead to.
  await expect.poll(() => isLazy(viewComponent("ConnectingExternal"))).toBe(false)
  observer.observe(document.body, { subtree: true, childList: true })
  await userEvent.click(page.getByRole("button", { name: /^Slow Wallet/ }))
  await expect.element(page.getByRole("status").filter({ hasText: "Continue in Slow Wallet" })).toBeVisible()
  observer.disconnect()
  expect(placeholders).toBe(0)
  await client.destroy()
})

test("once idle, the open card is drawn once unseen (inert, hidden, off screen) and gone a frame later", async () => {
  skipAnimations()
  const seen: Array<{ inert: boolean; hidden: string | null; visibility: string; wallets: number }> = []
  const observer = new MutationObserver(() => {
    const copy = document.querySelector<HTMLElement>(".airlock-warmup")
    if (copy !== null && seen.length === 0) {
      seen.push({
        inert: copy.inert,
        hidden: copy.getAttribute("aria-hidden"),
        visibility: getComputedStyle(copy).visibility,
        wallets: copy.querySelectorAll("[data-part=wallet-item]").length
      })
    }
  })
  observer.observe(document.body, { subtree: true, childList: true })
  const client = createTestAirlock({ adapters: [fakeAdapter({ connector: { name: "Warm Wallet" } }).adapter] })
  await render(
    <AirlockProvider client={client}>
      <ConnectButton />
    </AirlockProvider>
  )
  // Two idle callbacks away (the modal's chunk, then the warm-up), each of which a loaded machine may delay to its 2 s
  // timeout.
  await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1)
  await expect.poll(() => document.querySelector(".airlock-warmup")).toBeNull()
  observer.disconnect()
  // The copy drew Connect over the client's real wallets, and nothing of it could be reached or seen.
  expect(seen[0]).toEqual({ inert: true, hidden: "true", visibility: "hidden", wallets: 1 })
  // The real open is untouched by it: one dialog, one wallet row.
  await userEvent.click(page.getByRole("button", { name: "Connect Wallet" }))
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  expect(page.getByRole("button", { name: /^Warm Wallet/ }).all()).toHaveLength(1)
  await client.destroy()
})
