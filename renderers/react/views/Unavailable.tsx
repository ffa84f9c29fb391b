"use client"
import type { ViewProps } from "../modal/ViewProps.ts"

/** Shown for a view this build does not draw yet, so the modal never goes blank. */
export const Unavailable = (_props: ViewProps) => <p className="airlock-empty">This view is not available yet.</p>
