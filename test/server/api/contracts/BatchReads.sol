// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3's `aggregate3` for the balance tests: each call's success and return data, in order.
contract BatchReads {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(ok || calls[i].allowFailure, "call failed");
            results[i] = Result(ok, data);
        }
    }
}
