/** ProfileWallets (multi-wallet): the connections by namespace, their status and actions, the feature's notice. */
export const profileWalletMessages = {
  /** Account's entry to ProfileWallets. */
  "profileWallets.manage": "Manage wallets",
  /** A namespace's group heading. */
  "profileWallets.groupEvm": "EVM",
  "profileWallets.groupSolana": "Solana",
  "profileWallets.groupOther": "{namespace}",
  /** The active connection's status (SPEC §4 `connected`). */
  "profileWallets.statusActive": "Active",
  /** A listed connection that is not the active one (SPEC §4 `active`). */
  "profileWallets.statusConnected": "Connected",
  "profileWallets.switch": "Switch",
  "profileWallets.switchTo": "Switch to {name}",
  "profileWallets.disconnect": "Disconnect",
  "profileWallets.disconnectWallet": "Disconnect {name}",
  "profileWallets.add": "Add wallet",
  "profileWallets.none": "No wallet connected",
  /** SPEC §6: the multi-wallet functions with the project's multiWallet feature off (an info message). */
  "profileWallets.notEnabled":
    "Multiple wallets are not enabled for this app: turn on the multiWallet feature in the project's settings."
} as const
