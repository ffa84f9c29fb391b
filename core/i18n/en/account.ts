/** The Account view: its actions and tabs. */
export const accountMessages = {
  "account.send": "Send",
  "account.receive": "Receive",
  "account.blockExplorer": "Block Explorer",
  "account.disconnect": "Disconnect",
  "account.tabTokens": "Tokens",
  "account.tabNfts": "NFTs",
  "account.tabActivity": "Activity"
} as const
