// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AirlockAccount} from "./AirlockAccount.sol";

/// @title Deploys AirlockAccount with CREATE2, so an account's address is known before it exists (counterfactual)
/// and is the same on every chain the factory sits at the same address on.
contract AirlockAccountFactory {
    event AccountCreated(address indexed account, address indexed owner, uint256 salt);

    /// Deploys the account of `owner` and `salt`, or returns it when it is already deployed.
    function createAccount(address owner, uint256 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length > 0) return account;
        account = address(new AirlockAccount{salt: bytes32(salt)}(owner));
        emit AccountCreated(account, owner, salt);
    }

    /// The address `createAccount(owner, salt)` deploys to.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(AirlockAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(salt), codeHash)))));
    }
}
