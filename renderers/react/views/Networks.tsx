"use client"
import type { ViewProps } from "../modal/ViewProps.ts"
import { NetworkList } from "./NetworkList.tsx"

/** Choose Network: the app's networks; the active one is marked. */
export const Networks = (_props: ViewProps) => (
  <div className="airlock-networks">
    <NetworkList label="Networks" />
  </div>
)
