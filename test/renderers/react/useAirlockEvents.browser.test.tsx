import { Effect } from "effect"
import { useEffect } from "react"
import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { track } from "../../../core/flows/events/track.ts"
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

/** The latest event, and every event pushed to `heard` through the hook's callback. */
const Each = ({ heard }: { heard: string[] }) => {
  const event = useAirlockEvents((each) => heard.push(each.data.event))
  return <output aria-label="Latest">{event?.data.event ?? "none"}</output>
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

  test("its callback hears every event, even two in one tick that one render shows as the last", async () => {
    const heard: string[] = []
    const { client } = await renderAirlock({}, <Each heard={heard} />)
    await client.runtime.runPromise(
      Effect.all([track("SELECT_WALLET", { name: "A", platform: "browser" }), track("CONNECT_ERROR", { message: "x" })])
    )
    await expect.element(page.getByRole("status", { name: "Latest" })).toHaveTextContent("CONNECT_ERROR")
    expect(heard).toEqual(["SELECT_WALLET", "CONNECT_ERROR"])
  })
})
