# Encodes each case of a folder with libaec's szip interface (imagecodecs): for every N.raw
# and N.par ("mask ppb bpp pps"), writes N.enc (4-byte size header + stream) or N.err when
# libaec refuses; checks that libaec decodes its own output back to N.raw.
import os, sys
import imagecodecs

folder = sys.argv[1]
count = 0
for name in sorted(os.listdir(folder)):
    if not name.endswith('.par'):
        continue
    base = os.path.join(folder, name[:-4])
    mask, ppb, bpp, pps = (int(v) for v in open(base + '.par').read().split())
    raw = open(base + '.raw', 'rb').read()
    try:
        enc = imagecodecs.szip_encode(raw, options_mask=mask, pixels_per_block=ppb,
                                      bits_per_pixel=bpp, pixels_per_scanline=pps, header=True)
    except Exception as e:
        open(base + '.err', 'w').write(str(e))
        continue
    dec = imagecodecs.szip_decode(enc, options_mask=mask, pixels_per_block=ppb,
                                  bits_per_pixel=bpp, pixels_per_scanline=pps, header=True)
    if bytes(dec) != raw:
        print('libaec does not round trip', name)
    open(base + '.enc', 'wb').write(enc)
    count += 1
print('encoded', count)
