import { useRef } from "react"
import { describe, expect, test } from "vitest"
import { render } from "vitest-browser-react"
import { en } from "../../../core/i18n/en/index.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import {
  AirlockProvider,
  useAirlock,
  useAirlockSelector,
  useAirlockState,
  useAirlockTranslation
} from "../../../renderers/react/index.ts"
import { readyAirlock } from "./setup.tsx"

const selectTheme = (state: AirlockState) => state.themeMode
const selectNames = (state: AirlockState) => state.networks.map((network) => network.name)
const sameNames = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.join() === b.join()

const Theme = ({ renders }: { renders: string[] }) => {
  const mode = useAirlockSelector(selectTheme)
  renders.push(mode)
  return <p>{mode}</p>
}

const Networks = ({ seen }: { seen: Set<unknown> }) => {
  const names = useAirlockSelector(selectNames, sameNames)
  seen.add(names)
  return <p>{names.join()}</p>
}

const ChangesThemeWhileRendering = () => {
  const client = useAirlock()
  const state = useAirlockState()
  const updated = useRef(false)
  // Changes the store during the first render, before React has subscribed.
  if (!updated.current) {
    updated.current = true
    client.setThemeMode("dark")
  }
  return <p>{state.themeMode}</p>
}

const Orphan = () => <p>{useAirlockSelector(selectTheme)}</p>

describe("useAirlockSelector", () => {
  test("re-renders only when the selected value changes", async () => {
    const client = await readyAirlock()
    const renders: string[] = []
    const screen = await render(
      <AirlockProvider client={client} modal={false}>
        <Theme renders={renders} />
      </AirlockProvider>
    )
    client.setState((state) => ({ ...state, shake: true }))
    client.setState((state) => ({ ...state, isMobile: true }))
    client.setThemeMode("dark")
    await expect.element(screen.getByText("dark")).toBeVisible()
    expect(renders.filter((mode) => mode === "light")).toHaveLength(1)
    expect(renders.filter((mode) => mode === "dark")).toHaveLength(1)
  })

  test("keeps the previous reference when equals says a new selection is the same", async () => {
    const client = await readyAirlock()
    const seen = new Set<unknown>()
    await render(
      <AirlockProvider client={client} modal={false}>
        <Networks seen={seen} />
      </AirlockProvider>
    )
    client.setState((state) => ({ ...state, shake: true }))
    client.setThemeMode("dark")
    expect(seen.size).toBe(1)
  })

  test("sees an update made between render and subscribe", async () => {
    const client = await readyAirlock()
    const screen = await render(
      <AirlockProvider client={client} modal={false}>
        <ChangesThemeWhileRendering />
      </AirlockProvider>
    )
    await expect.element(screen.getByText("dark")).toBeVisible()
  })

  test("throws a clear error outside the provider", async () => {
    await expect(render(<Orphan />)).rejects.toThrow("inside <AirlockProvider>")
  })
})

const LoginLine = () => {
  const { rich, t } = useAirlockTranslation()
  return (
    <p data-testid="login">
      {rich("embedded.loggedInAs", { login: <strong>ada@example.com</strong> })} {t("common.retry")}
    </p>
  )
}

describe("useAirlockTranslation", () => {
  test("fills a placeholder with markup where the translation puts it, and follows setLocale", async () => {
    const client = await readyAirlock()
    const screen = await render(
      <AirlockProvider client={client}>
        <LoginLine />
      </AirlockProvider>
    )
    const line = screen.getByTestId("login")
    await expect.element(line).toHaveTextContent("Logged in as ada@example.com Retry")
    expect(line.element().querySelector("strong")?.textContent).toBe("ada@example.com")
    // A translation that puts the name first (and another word for Retry).
    const reordered = { ...en, "embedded.loggedInAs": "{login}: angemeldet", "common.retry": "Nochmal" }
    await client.setLocale({ locale: "de", dir: "ltr", messages: reordered })
    await expect.element(line).toHaveTextContent("ada@example.com: angemeldet Nochmal")
    expect(line.element().firstElementChild?.tagName).toBe("STRONG")
  })
})
