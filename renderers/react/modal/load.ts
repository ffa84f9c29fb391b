/**
 * Loads the modal chunk (dialog shell, views, @react-spring/web) on demand, once. The first load stays the button and
 * the hooks; this runs on the button's hover, focus or pointer down, on idle, or when the modal opens.
 */
import type * as ModalModule from "./Modal.tsx"

let pending: Promise<typeof ModalModule> | undefined
let loaded: typeof ModalModule | undefined
const listeners = new Set<() => void>()

/** Starts loading the modal chunk if it is not loaded or loading; resolves with the module. */
export const loadModal = (): Promise<typeof ModalModule> => {
  pending ??= import("./Modal.tsx").then(
    (module) => {
      loaded = module
      for (const listener of [...listeners]) listener()
      return module
    },
    (error: unknown) => {
      // Let the next hover or click try again (e.g. after a flaky network).
      pending = undefined
      throw error
    }
  )
  return pending
}

/** Loads the modal chunk in the background, swallowing a failure (an open will retry and report it). */
export const preloadModal = (): void => {
  loadModal().catch(() => undefined)
}

/** The modal module once loaded. */
export const getLoadedModal = (): typeof ModalModule | undefined => loaded

/** Calls `listener` when the modal chunk has loaded. */
export const subscribeModalLoaded = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
