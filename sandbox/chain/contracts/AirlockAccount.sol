// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The embedded wallet's smart account in the sandbox: a minimal contract account that one EOA (its owner)
/// drives. It runs single calls and batches for its owner, holds ETH, and answers ERC-1271 so a signature of the
/// owner counts as the account's. Its owner can grant session keys (smart sessions): a key may then call one target
/// (one function of it, or any) with at most a value per call until the session expires or the owner revokes it.
contract AirlockAccount {
    /// One call of a batch.
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// What a session key may do; `expiry` 0 means no session.
    struct Session {
        uint64 expiry;
        address target;
        /// The one function of `target` the key may call; 0 means any (and plain value transfers).
        bytes4 selector;
        /// The most wei one call may send.
        uint256 valueLimit;
    }

    address public immutable owner;
    mapping(address => Session) public sessions;

    event SessionGranted(address indexed key, uint64 expiry, address target, bytes4 selector, uint256 valueLimit);
    event SessionRevoked(address indexed key);

    error NotOwner();
    error NoSession();
    error SessionExpired();
    error NotAllowed();
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

    /// Lets `key` act as a session until `expiry` (unix seconds): calls to `target` only (`selector` if not 0), each
    /// sending at most `valueLimit` wei. Granting a key again replaces its session.
    function grantSession(address key, uint64 expiry, address target, bytes4 selector, uint256 valueLimit) external {
        if (msg.sender != owner && msg.sender != address(this)) revert NotOwner();
        if (expiry <= block.timestamp || key == address(0) || target == address(0)) revert NotAllowed();
        sessions[key] = Session(expiry, target, selector, valueLimit);
        emit SessionGranted(key, expiry, target, selector, valueLimit);
    }

    /// Ends the session of `key`: it can no longer act.
    function revokeSession(address key) external {
        if (msg.sender != owner && msg.sender != address(this)) revert NotOwner();
        delete sessions[key];
        emit SessionRevoked(key);
    }

    /// One call made by a session key (the sender), checked against its session.
    function executeAsSession(address to, uint256 value, bytes calldata data) external returns (bytes memory) {
        Session memory session = sessions[msg.sender];
        if (session.expiry == 0) revert NoSession();
        if (block.timestamp > session.expiry) revert SessionExpired();
        if (to != session.target || value > session.valueLimit) revert NotAllowed();
        if (session.selector != bytes4(0) && (data.length < 4 || bytes4(data[0:4]) != session.selector)) {
            revert NotAllowed();
        }
        return _call(0, to, value, data);
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
