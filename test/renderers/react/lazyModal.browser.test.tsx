import { expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { render } from "vitest-browser-react"
import { createTestAirlock } from "../../../core/testing/index.ts"
import { AirlockProvider, ConnectButton } from "../../../renderers/react/index.ts"
import { onIdle } from "../../../renderers/react/internal/onIdle.ts"
import { getLoadedModal } from "../../../renderers/react/modal/load.ts"
import { skipAnimations } from "./setup.tsx"

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
