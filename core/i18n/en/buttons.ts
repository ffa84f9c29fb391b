/** The English texts of the three buttons (ConnectButton, AccountButton, NetworkButton): the only texts of the first load. */
export const buttonMessages = {
  "button.connect": "Connect Wallet",
  "button.connecting": "Connecting...",
  "button.network": "Network",
  "button.unavailable": "Airlock is not available"
} as const
