import { useEffect } from "react"
import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { useAirlockEvents } from "../../../renderers/react/index.ts"
import { renderAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

const LastEvent = ({ seen }: { seen: string[] }) => {
  const event = useAirlockEvents()
  useEffect(() => {
    if (event !== undefined) seen.push(event.data.event)
  }, [event, seen])
  return <output aria-label="Last event">{event === undefined ? "none" : event.data.event}</output>
}

describe("useAirlockEvents", () => {
  test("shows MODAL_OPEN when the button opens the modal and MODAL_CLOSE when it closes", async () => {
    const seen: string[] = []
    const { button, client } = await renderAirlock({}, <LastEvent seen={seen} />)
    const last = page.getByRole("status", { name: "Last event" })
    await expect.element(last).toHaveTextContent("none")

    await userEvent.click(button)
    await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
    await expect.element(last).toHaveTextContent("MODAL_OPEN")
    expect(client.getState().lastEvent?.data.properties).toEqual({ connected: false })

    await userEvent.click(page.getByRole("button", { name: "Close" }))
    await expect.element(last).toHaveTextContent("MODAL_CLOSE")

    // The same event name again is still a new event: the hook re-renders for it.
    await userEvent.click(button)
    await expect.poll(() => seen).toEqual(["MODAL_OPEN", "MODAL_CLOSE", "MODAL_OPEN"])
  })
})
