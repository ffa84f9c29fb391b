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

test("once idle, a disconnected user's next open is drawn ahead: Connect laid out unseen in the closed dialog, then shown as is", async () => {
  skipAnimations()
  const client = createTestAirlock({ adapters: [fakeAdapter({ connector: { name: "Ready Wallet" } }).adapter] })
  await render(
    <AirlockProvider client={client}>
      <ConnectButton />
    </AirlockProvider>
  )
  const dialog = () => document.querySelector<HTMLDialogElement>("dialog.airlock-modal")
  const card = () => dialog()?.querySelector<HTMLElement>(".airlock-card") ?? null
  // Two idle callbacks away (the modal's chunk, then the card), each of which a loaded machine may delay to its 2 s
  // timeout.
  await expect.poll(card, { timeout: 10_000 }).not.toBeNull()
  const drawn = card() as HTMLElement
  const row = drawn.querySelector<HTMLElement>("[data-part=wallet-item]")
  // Laid out (a real height, the wallet row in it), yet closed, unseen, off screen and out of reach: not in the
  // accessibility tree, not focusable.
  expect(dialog()?.open).toBe(false)
  expect(drawn.getBoundingClientRect().height).toBeGreaterThan(100)
  expect(drawn.getBoundingClientRect().right).toBeLessThan(0)
  expect(getComputedStyle(drawn).visibility).toBe("hidden")
  expect(row?.textContent).toContain("Ready Wallet")
  row?.focus()
  expect(document.activeElement).not.toBe(row)
  expect(await page.getByRole("button", { name: /^Ready Wallet/ }).all()).toHaveLength(0)
  expect(await page.getByRole("dialog").all()).toHaveLength(0)

  // The open shows that very card: nothing drawn in the click. One dialog, one wallet row, focus inside.
  await userEvent.click(page.getByRole("button", { name: "Connect Wallet" }))
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  expect(card()).toBe(drawn)
  expect(getComputedStyle(drawn).visibility).toBe("visible")
  expect(await page.getByRole("button", { name: /^Ready Wallet/ }).all()).toHaveLength(1)
  expect(dialog()?.contains(document.activeElement)).toBe(true)

  // Each open gets a fresh card, as before: the one used goes with the close, and the next is drawn on the next idle.
  await userEvent.keyboard("{Escape}")
  await expect.poll(() => dialog()?.open).toBe(false)
  expect(drawn.isConnected).toBe(false)
  await expect.poll(card, { timeout: 10_000 }).not.toBeNull()
  expect(card()).not.toBe(drawn)

  // Connecting through that card: the modal closes on the connection, and a connected user's open shows Account, so
  // no Connect card is drawn for it, however idle the page gets. (Idle tasks run in order: one scheduled after the
  // close runs after any the modal scheduled.)
  await userEvent.click(page.getByRole("button", { name: "Connect Wallet" }))
  await userEvent.click(page.getByRole("button", { name: /^Ready Wallet/ }))
  await expect.poll(() => client.getState().accounts.eip155?.status).toBe("connected")
  await expect.poll(() => dialog()?.open).toBe(false)
  await new Promise<void>((resolve) => onIdle(resolve))
  await new Promise<void>((resolve) => onIdle(resolve))
  expect(card()).toBeNull()
  await client.destroy()
})
