"use client"
import { type KeyboardEvent, useState } from "react"
import { getTabForKey, getTabListProps, getTabPanelProps, getTabProps } from "../../../core/anatomy/tabs.ts"
import type { AccountTab } from "../../../core/schema/account.ts"
import { accountTabs } from "../../../core/schema/accountTabs.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
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
  // Arrow keys move the selection and the focus together (WAI-ARIA tabs, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = getTabForKey(tabs, event.key)
    if (next === undefined) return
    event.preventDefault()
    setSelected(next)
    const list = event.currentTarget.parentElement
    list?.querySelector<HTMLElement>(`#${CSS.escape(getTabProps({ ...tabs, selected: next }, next).id)}`)?.focus()
  }
  return (
    <div className="airlock-account">
      <p className="airlock-address">{address ?? "Not connected"}</p>
      <button type="button" className="airlock-list-item" onClick={() => void client.disconnect()}>
        Disconnect
      </button>
      <div {...getTabListProps(tabs)} className="airlock-tabs">
        {accountTabs.map((tab) => (
          <button
            key={tab}
            {...getTabProps(tabs, tab)}
            className="airlock-tab"
            onClick={() => setSelected(tab)}
            onKeyDown={onKeyDown}
          >
            {tab}
          </button>
        ))}
      </div>
      {accountTabs.map((tab) => (
        <div key={tab} {...getTabPanelProps(tabs, tab)} className="airlock-tab-panel">
          <p className="airlock-empty">{emptyTexts[tab]}</p>
        </div>
      ))}
    </div>
  )
}
