/** The Receive view. */
export const receiveMessages = {
  "receive.qrCode": "QR code of the address {address}",
  "receive.networks": "Send assets to this address only on these networks"
} as const
