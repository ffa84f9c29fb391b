/** The connecting views: a browser wallet, WalletConnect's QR code and links, social and Farcaster logins. */
export const connectingMessages = {
  "connecting.continueIn": "Continue in {name}",
  "connecting.continueInWallet": "Continue in your wallet",
  "connecting.acceptRequest": "Accept the connection request in the wallet to continue.",
  "connecting.notConnected": "The wallet did not connect. You can try again.",
  /** WalletConnect on a phone, the wallet's app opening from its link. */
  "connecting.acceptInWallet": "Accept the connection request in the wallet",
  "connecting.qrCode": "WalletConnect QR code",
  "connecting.qrCodeFor": "WalletConnect QR code for {name}",
  "connecting.scanWithPhone": "Scan this QR code with your phone's wallet",
  "connecting.scanWith": "Scan this QR code with {name}",
  "connecting.openMobile": "Open {name}",
  "connecting.openDesktop": "Open {name} desktop app",
  "connecting.openWeb": "Open {name} web app",
  "connecting.copyLink": "Copy link",
  /** Snack after the pairing link was copied. */
  "connecting.linkCopied": "Link copied",
  "connecting.linkCopyFailed": "Could not copy the link",
  "connecting.socialTitle": "Log in with {provider}",
  "connecting.socialText": "Continue in the {provider} window that opened.",
  "connecting.socialFailed": "Try again to open a new window.",
  "connecting.farcasterPreparing": "Preparing Farcaster login",
  "connecting.oneMoment": "One moment.",
  "connecting.farcasterFailed": "Try again for a new code.",
  "connecting.farcasterQrCode": "Farcaster login QR code",
  "connecting.farcasterScan": "Scan this QR code with your phone, or open the link to approve the login.",
  "connecting.farcasterOpen": "Open approval page"
} as const
