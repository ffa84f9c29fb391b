import { useEffect, useState } from "react"

/**
 * Wallet images, fetched once per URL and kept as object URLs for the page's life (SPEC §9: the registry's images are
 * fetched once and cached), so scrolling All Wallets back and forth, or reopening the modal, never asks the network
 * again. A URL that cannot be fetched (no CORS, a connect-src policy, not an image) is remembered as such and drawn
 * from its own URL instead.
 */
const settled = new Map<string, string | null>()
const pending = new Map<string, Promise<string | null | undefined>>()

/** The most images fetched at once, so a page of 40 does not hold back the view's own requests. */
const MAX_PARALLEL = 6
let running = 0

/** A fetch waiting for a slot: `start` gives it one; `drop` gives up on it (no one draws its image any more). */
interface Waiting {
  readonly url: string
  readonly start: () => void
  readonly drop: () => void
}
const queue: Array<Waiting> = []

/** How many drawn images wait for each URL, and the URLs fetched ahead, which are fetched whether drawn or not. */
const drawing = new Map<string, number>()
const ahead = new Set<string>()

/** Resolves `true` once the fetch of `url` may start, or `false` if it was dropped while it waited. */
const slot = (url: string): Promise<boolean> => {
  if (running < MAX_PARALLEL) {
    running++
    return Promise.resolve(true)
  }
  return new Promise((resolve) =>
    queue.push({
      url,
      start: () => {
        running++
        resolve(true)
      },
      drop: () => resolve(false)
    })
  )
}

const release = () => {
  running--
  queue.shift()?.start()
}

/**
 * Gives up the waiting fetch of `url` when nothing needs it any more: a cell scrolled past before its image's turn
 * (a fast wheel through 650 wallets queued every icon it passed, and their fetches held the page for half a second).
 */
const dropIfUnwanted = (url: string) => {
  if ((drawing.get(url) ?? 0) > 0 || ahead.has(url)) return
  const index = queue.findIndex((waiting) => waiting.url === url)
  if (index < 0) return
  pending.delete(url)
  queue.splice(index, 1)[0]?.drop()
}

/** `undefined`: dropped before it started (not settled, so a later draw fetches it again). */
const fetchObjectUrl = async (url: string): Promise<string | null | undefined> => {
  if (!(await slot(url))) return undefined
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
 * Starts fetching an image (once per URL) and resolves to its object URL, `null` when it could not be fetched, or
 * `undefined` when the fetch was given up before it started (see `drawImage`). Only `http(s)` URLs go through the
 * cache; callers have already checked the URL is safe to draw.
 */
const loadImage = (url: string): Promise<string | null | undefined> => {
  const known = settled.get(url)
  if (known !== undefined) return Promise.resolve(known)
  const waiting = pending.get(url)
  if (waiting !== undefined) return waiting
  const promise: Promise<string | null | undefined> = fetchObjectUrl(url).then((objectUrl) => {
    if (objectUrl !== undefined) settled.set(url, objectUrl)
    // A dropped fetch has already left `pending`, maybe for a newer one of the same URL.
    if (pending.get(url) === promise) pending.delete(url)
    return objectUrl
  })
  pending.set(url, promise)
  return promise
}

/** Loads an image for a drawn element; the returned function says it is no longer drawn. */
const drawImage = (url: string, loaded: (src: string) => void): (() => void) => {
  drawing.set(url, (drawing.get(url) ?? 0) + 1)
  let live = true
  loadImage(url).then((objectUrl) => {
    if (live && objectUrl !== undefined) loaded(objectUrl ?? url)
  })
  return () => {
    live = false
    const left = (drawing.get(url) ?? 1) - 1
    if (left > 0) drawing.set(url, left)
    else {
      drawing.delete(url)
      dropIfUnwanted(url)
    }
  }
}

/** Fetches ahead the images of the first wallets a list shows (SPEC §9: the first 20). */
export const prefetchImages = (urls: ReadonlyArray<string | null | undefined>, count = 20): void => {
  for (const url of urls.slice(0, count)) {
    if (url !== null && url !== undefined && isFetchable(url) && !settled.has(url)) {
      ahead.add(url)
      void loadImage(url).then(() => ahead.delete(url))
    }
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
    return drawImage(url, (src) => setLoaded({ url, src }))
  }, [url])
  if (cachedNow !== undefined) return cachedNow
  return loaded !== undefined && loaded.url === url ? loaded.src : undefined
}
