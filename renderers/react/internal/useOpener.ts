"use client"
import type { OpenParameters } from "airlock-kit"
import { type MouseEvent, useCallback, useMemo } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { preloadModal } from "../modal/load.ts"
import { useReturnFocus } from "./useReturnFocus.ts"

/**
 * Event handlers for a button that opens the modal: fetch the modal chunk as soon as the user shows intent (hover,
 * focus, press), so the click opens it at once; remember the button so focus returns to it on close.
 */
export const useOpener = (parameters: () => OpenParameters) => {
  const client = useAirlock()
  const returnFocus = useReturnFocus()
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      returnFocus.current = event.currentTarget
      // A refused client rejects; the button already shows why (OpenerButton), so the rejection is not re-thrown.
      client.open(parameters()).catch((error: unknown) => console.warn("Airlock: the modal could not open", error))
    },
    [client, returnFocus, parameters]
  )
  return useMemo(
    () => ({ onClick, onPointerEnter: preloadModal, onPointerDown: preloadModal, onFocus: preloadModal }),
    [onClick]
  )
}
