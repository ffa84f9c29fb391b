/**
 * The embedded wallet's logins and account changes (SPEC §4, §6), over core's Frame service: email with its code
 * (and device approval), socials through a popup, Farcaster by QR, updating the email, and switching between the
 * smart account and the EOA. A login ends in core's `connect` of the AUTH connector, like any wallet's. One chunk,
 * loaded on demand (`airlock-kit/embedded`'s actions import it), never on the first load.
 * @module
 */
export { setPreferredAccount, smartAccountNetworks } from "./accountType.ts"
export { connectDevice, connectEmail, connectOtp, emailCooldown } from "./email.ts"
export { connectFarcaster } from "./farcaster.ts"
export { connectSocial } from "./social.ts"
export { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from "./updateEmail.ts"
