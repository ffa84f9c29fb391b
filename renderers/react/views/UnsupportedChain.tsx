"use client"
import type { ViewProps } from "../modal/ViewProps.ts"
import { NetworkList } from "./NetworkList.tsx"

/** The wallet is on a network the app does not support: the app's networks to switch to (SPEC §4). */
export const UnsupportedChain = (_props: ViewProps) => (
  <div className="airlock-networks">
    <p className="airlock-connecting-text">
      This app doesn't support your current network. Switch to an available option to continue.
    </p>
    <NetworkList label="Available networks" />
  </div>
)
