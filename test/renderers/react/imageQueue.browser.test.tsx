import { afterEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { useCachedImage } from "../../../renderers/react/internal/imageCache.ts"

/** A picture drawn from the image cache, as WalletImage draws one: its `src` once the fetch settled. */
const Picture = ({ url }: { readonly url: string }) => {
  const src = useCachedImage(url)
  return src === undefined ? <span data-waiting={url} /> : <img alt="" data-url={url} src={src} />
}
const Pictures = ({ urls }: { readonly urls: ReadonlyArray<string> }) => (
  <div>
    {urls.map((url) => (
      <Picture key={url} url={url} />
    ))}
  </div>
)

/** `fetch` held until the test lets each request go; records the URLs asked for. */
const holdFetches = () => {
  const asked: Array<string> = []
  const waiting: Array<() => void> = []
  const png = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
    (c) => c.charCodeAt(0)
  )
  vi.spyOn(globalThis, "fetch").mockImplementation((input) => {
    asked.push(String(input))
    return new Promise((resolve) =>
      waiting.push(() => resolve(new Response(png, { headers: { "content-type": "image/png" } })))
    )
  })
  /** Lets every request made so far answer. */
  const answerAll = () => {
    for (const answer of waiting.splice(0)) answer()
  }
  return { asked, answerAll }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("the wallet image cache's fetch queue", () => {
  test("icons of cards gone before their turn are never fetched; one drawn again is fetched then", async () => {
    const { asked, answerAll } = holdFetches()
    // A fast wheel: 30 cards drawn, six images fetched at once, the rest waiting their turn...
    const urls = Array.from({ length: 30 }, (_, n) => `https://img.example/queue-${n}.png`)
    const screen = await render(<Pictures urls={urls} />)
    await vi.waitFor(() => expect(asked).toHaveLength(6))
    // ...then the wheel moves on: only the last four cards are still drawn.
    const kept = urls.slice(26)
    await screen.rerender(<Pictures urls={kept} />)
    answerAll()
    // The six under way, then the four still drawn (the queue keeps its order, so a fetch of any of the twenty
    // scrolled past would come before them): those twenty never leave the page.
    await vi.waitFor(() => expect(asked).toEqual([...urls.slice(0, 6), ...kept]))
    answerAll()
    await vi.waitFor(() => expect(document.querySelectorAll("img[data-url]")).toHaveLength(4))

    // Scrolled back: a card whose fetch was given up draws its image again.
    await screen.rerender(<Pictures urls={[urls[10] ?? "", ...kept]} />)
    await vi.waitFor(() => expect(asked).toContain(urls[10]))
    answerAll()
    await vi.waitFor(() => expect(document.querySelector(`img[data-url="${urls[10]}"]`)).not.toBeNull())
    // Every image is fetched once for the page's life: drawn again, no new request.
    const before = asked.length
    await screen.rerender(<Pictures urls={urls.slice(0, 6)} />)
    await vi.waitFor(() => expect(document.querySelectorAll("img[data-url]")).toHaveLength(6))
    expect(asked).toHaveLength(before)
  })
})
