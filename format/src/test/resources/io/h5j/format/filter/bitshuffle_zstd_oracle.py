# The bitshuffle plugin's Zstandard mode (compression 3) built from imagecodecs' bitshuffle and
# zstd codecs, as no native HDF5 plugin here has it. argv[1] 'encode': reads JSON
# [{s, block, data}] and prints [stored hex]; 'decode': reads [{s, stored}] and prints
# [data hex]. Framing: u64 BE size, u32 BE block bytes, per block u32 BE size + zstd frame,
# then the n % 8 last elements as they are.
import sys, json, struct, imagecodecs
mode, todo = sys.argv[1], json.load(open(sys.argv[2]))
def blocks(n, block):
    e = 0
    while True:
        count = block if n - e >= block else (n - e) & ~7
        if count == 0:
            return
        yield e, count
        e += count
res = []
for t in todo:
    s = t['s']
    if mode == 'encode':
        data = bytes.fromhex(t['data'])
        block, n = t['block'], len(data) // s
        out = struct.pack('>QI', len(data), block * s)
        end = 0
        for e, count in blocks(n, block):
            part = imagecodecs.bitshuffle_encode(data[e * s:(e + count) * s], itemsize=s, blocksize=count)
            z = imagecodecs.zstd_encode(part, level=t.get('level', 3))
            out += struct.pack('>I', len(z)) + z
            end = e + count
        res.append((out + data[end * s:]).hex())
    else:
        b = bytes.fromhex(t['stored'])
        size, bb = struct.unpack('>QI', b[:12])
        block, n, ip, out, end = bb // s, size // s, 12, b'', 0
        for e, count in blocks(n, block):
            (z,) = struct.unpack('>I', b[ip:ip + 4])
            part = imagecodecs.zstd_decode(b[ip + 4:ip + 4 + z])
            assert len(part) == count * s
            out += bytes(imagecodecs.bitshuffle_decode(part, itemsize=s, blocksize=count))
            ip += 4 + z
            end = e + count
        res.append((out + b[ip:]).hex())
print(json.dumps(res))
