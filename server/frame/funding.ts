/**
 * The chains the secure site serves and the smart account each user has there: the account's address is predicted
 * from the factory and the account's creation code (CREATE2), so the site can check a smart session's account without
 * a chain call. Funding new users (the sandbox's faucet) is not the site's job: it is the `funding` hook of
 * `startFrame`, which only the sandbox passes.
 */
import { type Address, encodeDeployData, getContractAddress, type Hex, pad, parseAbi, toHex } from "viem"
import { accountSalt } from "./contracts.ts"

/**
 * An EVM chain the secure site serves; with a smart-account factory, also the creation code of the account it deploys
 * (its constructor takes the owner), so the account's address can be predicted.
 */
export type FrameChain = {
  readonly chainId: number
  readonly rpcUrl: string
} & (
  | { readonly accountFactory?: undefined; readonly accountCode?: undefined }
  | {
      /** The smart-account factory on this chain (`createAccount(owner, salt)`). */
      readonly accountFactory: Address
      /** Creation code of the account contract the factory deploys (without constructor arguments). */
      readonly accountCode: Hex
    }
)

/**
 * Called with the user's EVM address at each login, awaited before the login answers (the sandbox tops up empty
 * accounts on its local chains); production passes none.
 */
export type FrameFunding = (owner: Address) => Promise<void>

const ownerConstructor = parseAbi(["constructor(address owner)"])

/**
 * The address `factory.createAccount(owner, 0)` deploys to (CREATE2 over the account's creation code and owner).
 * @example
 * ```ts
 * import type { Address, Hex } from "viem"
 * declare const accountFactoryAddress: Address
 * declare const accountCode: Hex // the account contract's creation code
 * const address = smartAccountAddress(accountFactoryAddress, accountCode, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
 * ```
 */
export const smartAccountAddress = (factory: Address, accountCode: Hex, owner: Address): Address =>
  getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: pad(toHex(accountSalt), { size: 32 }),
    bytecode: encodeDeployData({ abi: ownerConstructor, bytecode: accountCode, args: [owner] })
  })
