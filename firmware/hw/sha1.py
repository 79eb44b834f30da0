"""SHA-1 (FIPS 180-4) for a MicroPython built without hashlib.sha1: the
WebSocket handshake needs it once per connection (hw/wsclient.py), so speed
does not matter. Words are kept below 2**32 by masking."""

_M = 0xFFFFFFFF


def _rotl(x, n):
    return (x << n | x >> (32 - n)) & _M


def sha1(data):
    """The 20-byte SHA-1 digest of `data` (bytes)."""
    h = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0]
    size = len(data)
    padded = bytearray(data)
    padded.append(0x80)
    while len(padded) % 64 != 56:
        padded.append(0)
    padded += (size * 8).to_bytes(8, "big")
    w = [0] * 80
    for start in range(0, len(padded), 64):
        for t in range(16):
            w[t] = int.from_bytes(padded[start + 4 * t:start + 4 * t + 4], "big")
        for t in range(16, 80):
            w[t] = _rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1)
        a, b, c, d, e = h
        for t in range(80):
            if t < 20:
                f, k = (b & c) | (~b & d), 0x5A827999
            elif t < 40:
                f, k = b ^ c ^ d, 0x6ED9EBA1
            elif t < 60:
                f, k = (b & c) | (b & d) | (c & d), 0x8F1BBCDC
            else:
                f, k = b ^ c ^ d, 0xCA62C1D6
            a, b, c, d, e = (_rotl(a, 5) + (f & _M) + e + k + w[t]) & _M, a, _rotl(b, 30), c, d
        h = [(h[0] + a) & _M, (h[1] + b) & _M, (h[2] + c) & _M, (h[3] + d) & _M,
             (h[4] + e) & _M]
    out = bytearray()
    for x in h:
        out += x.to_bytes(4, "big")
    return bytes(out)
