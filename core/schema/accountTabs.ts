/**
 * The account view's tabs in display order (SPEC §2). Tabs are named, not numbered, so state and tests read plainly;
 * the position in this array is the tab index when a renderer needs one.
 * @example
 * ```ts
 * accountTabs.indexOf("Activity") // 2
 * ```
 */
export const accountTabs = ["Tokens", "NFTs", "Activity"] as const
