/** Sign in with the wallet's views (the sign view and the email capture before it), one chunk, fetched when sign-in first asks. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { DataCapture, DataCaptureOtpConfirm } from "../DataCapture.tsx"
export { SIWXSignMessage } from "../SIWXSignMessage.tsx"
