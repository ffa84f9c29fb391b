/**
 * The Activity tab: its states, the date groups, a row's status, operation and what moved. `{amount}` is an amount
 * already formatted for the locale with its sign and symbol ("-0.013 ETH"), or an NFT's name.
 * @module
 */
export const activityMessages = {
  "activity.loading": "Loading activity…",
  "activity.empty": "No activity yet",
  /** A date group's list, for assistive technology: "Activity, Today". */
  "activity.group": "Activity, {group}",
  "activity.today": "Today",
  "activity.yesterday": "Yesterday",
  "activity.thisWeek": "This Week",
  /** An older group: its month and year as the locale writes them ("November 2026"). */
  "activity.month": "{month}",
  "activity.statusFailed": "Failed",
  "activity.statusPending": "Pending",
  "activity.viewOnExplorer": "View on the block explorer",
  "activity.transfer": "{amount}",
  "activity.transferAndMore": "{amount} + {count} more",
  /** An NFT without a name. */
  "activity.nft": "NFT",
  "activity.nftAndMore": "NFT + {count} more",
  /** A transaction whose operation the API did not name. */
  "activity.transaction": "Transaction",
  /** An operation Airlock has no text for: the API's own word, capitalised. */
  "activity.operation": "{operation}",
  "activity.approve": "Approve",
  "activity.borrow": "Borrow",
  "activity.burn": "Burn",
  "activity.cancel": "Cancel",
  "activity.claim": "Claim",
  "activity.deploy": "Deploy",
  "activity.deposit": "Deposit",
  "activity.execute": "Execute",
  "activity.mint": "Mint",
  "activity.receive": "Receive",
  "activity.repay": "Repay",
  "activity.send": "Send",
  "activity.stake": "Stake",
  "activity.trade": "Trade",
  "activity.unstake": "Unstake",
  "activity.withdraw": "Withdraw"
} as const
