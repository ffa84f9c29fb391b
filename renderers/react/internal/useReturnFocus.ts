"use client"
import { useContext } from "react"
import { AirlockContext } from "./context.ts"

/** The ref the modal restores focus to; buttons that open the modal write themselves into it. */
export const useReturnFocus = () => {
  const context = useContext(AirlockContext)
  if (context === null) throw new Error("Airlock hooks must be used inside <AirlockProvider>.")
  return context.returnFocus
}
