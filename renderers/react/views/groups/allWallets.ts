/** All Wallets (its virtualised grid), one chunk. */
export { AllWallets } from "../AllWallets.tsx"
