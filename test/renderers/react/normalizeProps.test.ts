import { describe, expect, test } from "vitest"
import { getTabPanelProps, getTabProps } from "../../../core/anatomy/tabs.ts"
import { normalizeProps } from "../../../renderers/react/internal/normalizeProps.ts"

describe("React's normaliser of anatomy props", () => {
  const tabs = { id: "airlock", tabs: ["Tokens", "NFTs"], selected: "Tokens" }

  test("renames the HTML attributes React spells differently and keeps the rest as they are", () => {
    const props = normalizeProps(getTabProps(tabs, "NFTs"))
    expect(props.tabIndex).toBe(-1)
    expect("tabindex" in props).toBe(false)
    expect(props).toMatchObject({ role: "tab", "aria-selected": "false", "data-scope": "tabs", "data-part": "tab" })
  })

  test("maps every name React renames", () => {
    expect(Object.keys(normalizeProps({ for: "a", class: "b", readonly: true, maxlength: 3, tabindex: 0 }))).toEqual([
      "htmlFor",
      "className",
      "readOnly",
      "maxLength",
      "tabIndex"
    ])
    expect(normalizeProps(getTabPanelProps(tabs, "NFTs")).hidden).toBe(true)
  })
})
