/** The embedded wallet's views, one chunk: its logins, its email change, its approvals and its part of Account. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { ApproveTransaction } from "../ApproveTransaction.tsx"
export { ConnectingFarcaster } from "../ConnectingFarcaster.tsx"
export { ConnectingSocial } from "../ConnectingSocial.tsx"
export { EmailLogin, EmailVerifyDevice, EmailVerifyOtp } from "../EmailLogin.tsx"
export { EmbeddedAccount } from "../EmbeddedAccount.tsx"
export { UpdateEmailPrimaryOtp, UpdateEmailSecondaryOtp, UpdateEmailWallet } from "../UpdateEmail.tsx"
