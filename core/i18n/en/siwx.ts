/** The sign-in views (SIWXSignMessage, and the email capture before it: DataCapture, DataCaptureOtpConfirm). */
export const siwxMessages = {
  "siwx.request": "{name} asks you to sign in with your wallet",
  "siwx.explain": "Sign a message to prove this wallet is yours. It is free and sends no transaction.",
  "siwx.sign": "Sign in",
  "siwx.signing": "Sign the message in your wallet",
  "siwx.cancel": "Cancel",
  "siwx.captureIntro": "{name} asks for your email address. We will send you a code to confirm it.",
  "siwx.skip": "Skip"
} as const
