/** The network list, switching networks, and an unsupported network. */
export const networkMessages = {
  "network.list": "Networks",
  "network.active": "Active",
  "network.available": "Available networks",
  "network.unsupported": "This app doesn't support your current network. Switch to an available option to continue.",
  "network.notAvailable": "This network is not available.",
  "network.approveIn": "Approve in {name}",
  "network.approveInWallet": "Approve in your wallet",
  "network.acceptSwitch": "Accept the switch to {network} in the wallet.",
  "network.notSelected": "{network} was not selected.",
  /** A switch that failed without an Airlock error of its own. */
  "network.switchFailed": "Failed to switch network",
  /** A network the app does not list, named by the wallet's chain id (SPEC §3: shown as an unsupported network). */
  "network.chain": "Chain {id}"
} as const
