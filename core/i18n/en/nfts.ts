/** The Account view's NFTs tab and an NFT's detail. */
export const nftMessages = {
  "nfts.grid": "NFTs",
  "nfts.loading": "Loading NFTs…",
  "nfts.empty": "No NFTs yet",
  "nfts.gone": "This NFT is no longer in this account",
  "nfts.tokenId": "Token ID",
  "nfts.contract": "Contract",
  "nfts.standard": "Standard",
  /** Snack after the contract address was copied. */
  "nfts.contractCopied": "Contract address copied",
  "nfts.viewOn": "View on {explorer}",
  "nfts.viewOnExplorer": "View on the explorer"
} as const
