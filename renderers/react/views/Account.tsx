"use client"
import { useState } from "react"
import { getTabHandlers, getTabListProps, getTabPanelProps, getTabProps } from "../../../core/anatomy/tabs.ts"
import type { AccountTab } from "../../../core/schema/account.ts"
import { accountTabs } from "../../../core/schema/accountTabs.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const emptyTexts: Record<AccountTab, string> = {
  Tokens: "No tokens yet",
  NFTs: "No NFTs yet",
  Activity: "No activity yet"
}

/** The Account view (placeholder): the connected address, a Disconnect button, and the Tokens / NFTs / Activity tabs. */
export const Account = ({ id }: ViewProps) => {
  const client = useAirlock()
  const { address } = useAirlockAccount()
  // Which tab is shown is the view's own UI state; nothing else reads it.
  const [selected, setSelected] = useState<AccountTab>("Tokens")
  const tabs = { id, tabs: accountTabs, selected }
  // Click and keyboard behaviour come from core's anatomy; the renderer only says how to select and focus.
  const actions = {
    select: setSelected,
    focus: (tabId: string) => document.getElementById(tabId)?.focus()
  }
  return (
    <div className="airlock-account">
      <p className="airlock-address">{address ?? "Not connected"}</p>
      <button type="button" className="airlock-list-item" onClick={() => void client.disconnect()}>
        Disconnect
      </button>
      <div {...normalizeProps(getTabListProps(tabs))} className="airlock-tabs">
        {accountTabs.map((tab) => (
          <button
            key={tab}
            {...normalizeProps(getTabProps(tabs, tab))}
            {...getTabHandlers(tabs, tab, actions)}
            className="airlock-tab"
          >
            {tab}
          </button>
        ))}
      </div>
      {accountTabs.map((tab) => (
        <div key={tab} {...normalizeProps(getTabPanelProps(tabs, tab))} className="airlock-tab-panel">
          <p className="airlock-empty">{emptyTexts[tab]}</p>
        </div>
      ))}
    </div>
  )
}
