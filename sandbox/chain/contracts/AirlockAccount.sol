// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The embedded wallet's smart account in the sandbox: a minimal contract account that one EOA (its owner)
/// drives. It runs single calls and batches for its owner, holds ETH, and answers ERC-1271 so a signature of the
/// owner counts as the account's.
contract AirlockAccount {
    /// One call of a batch.
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    address public immutable owner;

    error NotOwner();
    /// A call of the account reverted; `index` is its place in the batch (0 for `execute`).
    error CallFailed(uint256 index, bytes reason);

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    function execute(address to, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        if (msg.sender != owner) revert NotOwner();
        return _call(0, to, value, data);
    }

    function executeBatch(Call[] calldata calls) external payable returns (bytes[] memory results) {
        if (msg.sender != owner) revert NotOwner();
        results = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            results[i] = _call(i, calls[i].to, calls[i].value, calls[i].data);
        }
    }

    /// ERC-1271: valid when the owner signed `hash` (65-byte r, s, v).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    function _call(uint256 index, address to, uint256 value, bytes calldata data) private returns (bytes memory) {
        (bool ok, bytes memory result) = to.call{value: value}(data);
        if (!ok) revert CallFailed(index, result);
        return result;
    }
}
