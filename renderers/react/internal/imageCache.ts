import { useEffect, useState } from "react"

/**
 * Wallet images, fetched once per URL and kept as object URLs for the page's life (SPEC §9: the registry's images are
 * fetched once and cached), so scrolling All Wallets back and forth, or reopening the modal, never asks the network
 * again. A URL that cannot be fetched (no CORS, a connect-src policy, not an image) is remembered as such and drawn
 * from its own URL instead.
 */
const settled = new Map<string, string | null>()
const pending = new Map<string, Promise<string | null>>()

/** The most images fetched at once, so a page of 40 does not hold back the view's own requests. */
const MAX_PARALLEL = 6
let running = 0
const queue: Array<() => void> = []

const slot = (): Promise<void> =>
  running < MAX_PARALLEL
    ? Promise.resolve().then(() => {
        running++
      })
    : new Promise((resolve) =>
        queue.push(() => {
          running++
          resolve()
        })
      )

const release = () => {
  running--
  queue.shift()?.()
}

const fetchObjectUrl = async (url: string): Promise<string | null> => {
  await slot()
  try {
    const response = await fetch(url, { credentials: "omit", referrerPolicy: "no-referrer" })
    if (!response.ok) return null
    const blob = await response.blob()
    return blob.type.startsWith("image/") ? URL.createObjectURL(blob) : null
  } catch {
    return null
  } finally {
    release()
  }
}

/**
 * Starts fetching an image (once per URL) and resolves to its object URL, or `null` when it could not be fetched.
 * Only `http(s)` URLs go through the cache; callers have already checked the URL is safe to draw.
 */
export const loadImage = (url: string): Promise<string | null> => {
  const known = settled.get(url)
  if (known !== undefined) return Promise.resolve(known)
  let promise = pending.get(url)
  if (promise === undefined) {
    promise = fetchObjectUrl(url).then((objectUrl) => {
      settled.set(url, objectUrl)
      pending.delete(url)
      return objectUrl
    })
    pending.set(url, promise)
  }
  return promise
}

/** Fetches ahead the images of the first wallets a list shows (SPEC §9: the first 20). */
export const prefetchImages = (urls: ReadonlyArray<string | null | undefined>, count = 20): void => {
  for (const url of urls.slice(0, count)) {
    if (url !== null && url !== undefined && isFetchable(url)) void loadImage(url)
  }
}

const isFetchable = (url: string) => url.startsWith("https://") || url.startsWith("http://")

/**
 * The source to draw for an image URL: its cached object URL once fetched, the URL itself when it cannot be fetched
 * or is not an `http(s)` URL (an announced `data:` icon), and `undefined` while the fetch is under way (callers draw a
 * placeholder meanwhile, so nothing is requested twice).
 */
export const useCachedImage = (url: string | undefined): string | undefined => {
  const cachedNow =
    url === undefined || !isFetchable(url) ? url : (settled.get(url) ?? (settled.has(url) ? url : undefined))
  const [loaded, setLoaded] = useState<{ readonly url: string; readonly src: string } | undefined>(undefined)
  useEffect(() => {
    if (url === undefined || !isFetchable(url) || settled.has(url)) return
    let live = true
    loadImage(url).then((objectUrl) => {
      if (live) setLoaded({ url, src: objectUrl ?? url })
    })
    return () => {
      live = false
    }
  }, [url])
  if (cachedNow !== undefined) return cachedNow
  return loaded !== undefined && loaded.url === url ? loaded.src : undefined
}
