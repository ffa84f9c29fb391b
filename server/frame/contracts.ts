/**
 * The smart-account contracts as the frame calls them (ABI fragments only, so the frame's browser bundle needs no
 * artifacts file): the CREATE2 factory and the account, `sandbox/chain/contracts/AirlockAccount*.sol`.
 */
import { parseAbi } from "viem"

/** `AirlockAccountFactory`: `createAccount(owner, salt)` deploys, `getAddress(owner, salt)` predicts. */
export const accountFactoryAbi = parseAbi([
  "function createAccount(address owner, uint256 salt) returns (address)",
  "function getAddress(address owner, uint256 salt) view returns (address)"
])

/** `AirlockAccount`: its owner's single calls and batches, and the session keys the owner grants (smart sessions). */
export const accountAbi = parseAbi([
  "struct Call { address to; uint256 value; bytes data; }",
  "function owner() view returns (address)",
  "function execute(address to, uint256 value, bytes data) payable returns (bytes)",
  "function executeBatch(Call[] calls) payable returns (bytes[])",
  "function sessions(address key) view returns (uint64 expiry, address target, bytes4 selector, uint256 valueLimit)",
  "function grantSession(address key, uint64 expiry, address target, bytes4 selector, uint256 valueLimit)",
  "function revokeSession(address key)",
  "function executeAsSession(address to, uint256 value, bytes data) returns (bytes)",
  "error NoSession()",
  "error SessionExpired()",
  "error NotAllowed()"
])

/** The salt every user's account is made with: one smart account per user. */
export const accountSalt = 0n
