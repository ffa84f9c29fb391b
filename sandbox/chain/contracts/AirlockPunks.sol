// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @title "Airlock Punks": a minimal ERC-721 whose metadata and image are data: URLs built on chain, so the
/// sandbox shows NFTs without any image host.
contract AirlockPunks {
    string public constant name = "Airlock Punks";
    string public constant symbol = "PUNK";

    address public immutable owner;
    uint256 public totalSupply;
    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    error NotOwner();
    error NotAuthorized();
    error NonexistentToken();
    error WrongFrom();
    error ZeroAddress();
    error UnsafeRecipient();

    constructor() {
        owner = msg.sender;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, ERC-721, ERC-721 Metadata
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function ownerOf(uint256 tokenId) public view returns (address holder) {
        holder = _owners[tokenId];
        if (holder == address(0)) revert NonexistentToken();
    }

    function balanceOf(address holder) external view returns (uint256) {
        if (holder == address(0)) revert ZeroAddress();
        return _balances[holder];
    }

    /// Mints the next id (ids start at 1) to `to`.
    function mint(address to) external returns (uint256 tokenId) {
        if (msg.sender != owner) revert NotOwner();
        if (to == address(0)) revert ZeroAddress();
        tokenId = ++totalSupply;
        _owners[tokenId] = to;
        _balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address spender, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        if (msg.sender != holder && !isApprovedForAll[holder][msg.sender]) revert NotAuthorized();
        getApproved[tokenId] = spender;
        emit Approval(holder, spender, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        if (from != ownerOf(tokenId)) revert WrongFrom();
        if (to == address(0)) revert ZeroAddress();
        if (msg.sender != from && !isApprovedForAll[from][msg.sender] && msg.sender != getApproved[tokenId]) {
            revert NotAuthorized();
        }
        unchecked {
            _balances[from] -= 1;
        }
        _balances[to] += 1;
        _owners[tokenId] = to;
        delete getApproved[tokenId];
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data);
            if (answer != IERC721Receiver.onERC721Received.selector) revert UnsafeRecipient();
        }
    }

    /// JSON metadata as a base64 data: URL; the image is an SVG data: URL whose colour depends on the id.
    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = _decimal(tokenId);
        string memory hue = _decimal((tokenId * 47) % 360);
        string memory svg = string.concat(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'>",
            "<rect width='24' height='24' fill='hsl(", hue, ",70%,55%)'/>",
            "<rect x='6' y='5' width='12' height='14' rx='2' fill='#f2d0a9'/>",
            "<rect x='8' y='9' width='3' height='2' fill='#222'/><rect x='13' y='9' width='3' height='2' fill='#222'/>",
            "<rect x='9' y='15' width='6' height='1' fill='#7a3b2e'/>",
            "<text x='12' y='23' font-size='3' text-anchor='middle' fill='#fff'>#", id, "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"Airlock Punk #', id,
            '","description":"A sandbox NFT for Airlock.","image":"data:image/svg+xml;base64,',
            _base64(bytes(svg)),
            '"}'
        );
        return string.concat("data:application/json;base64,", _base64(bytes(json)));
    }

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }

    function _base64(bytes memory data) private pure returns (string memory) {
        bytes memory table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        uint256 len = data.length;
        bytes memory out = new bytes(4 * ((len + 2) / 3));
        uint256 j;
        for (uint256 i = 0; i < len; i += 3) {
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < len) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < len) chunk |= uint256(uint8(data[i + 2]));
            out[j++] = table[(chunk >> 18) & 63];
            out[j++] = table[(chunk >> 12) & 63];
            out[j++] = i + 1 < len ? table[(chunk >> 6) & 63] : bytes1("=");
            out[j++] = i + 2 < len ? table[chunk & 63] : bytes1("=");
        }
        return string(out);
    }
}
