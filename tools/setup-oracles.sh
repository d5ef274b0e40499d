#!/usr/bin/env bash
# Installs the oracles h5j's tests judge its files with, on Debian as root (apt, npm, pip from
# the machine's mirror), and reuses what an earlier run installed:
#   libhdf5 1.10.8's tools and Debian's h5py, the filter plugins, strace, Node/npm;
#   libhdf5 2.0 as the npm package h5wasm (pinned in tools/h5wasm) and as h5py 3.16's wheel in a
#   venv ($H5J_HDF5V2_PYTHON); the raw codecs ($H5J_CODECS_PYTHON); versioned-hdf5 itself,
#   built by ../shared/peers/setup-peer.sh beside the repository ($H5J_PEER_DEB, $H5J_PEER_V2).
# Run it (`sudo tools/setup-oracles.sh`) and then `mvn -B verify`, or source it, as .ci/run
# does, to keep the variables it exports: where an oracle could not be installed it exports
# H5J_*_UNAVAILABLE with the reason, so that under CI=true its tests skip instead of failing.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

need=()
command -v h5dump >/dev/null 2>&1 || need+=(hdf5-tools)
command -v strace >/dev/null 2>&1 || need+=(strace) # RepackSyncOrderTest
/usr/bin/python3 -c "import h5py" >/dev/null 2>&1 || need+=(python3-h5py)
/usr/bin/python3 -c "import ensurepip, venv" >/dev/null 2>&1 || need+=(python3-venv)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm) # h5wasm (tools/h5wasm)
# native filter plugins, the oracles of h5j's filters: LZ4 and bzip2, Blosc, bitshuffle (LZ4
# mode), ZFP, PyTables (registers LZO 305 in Debian's libhdf5); szip comes with libhdf5
# (libaec)
for pkg in hdf5-filter-plugin hdf5-filter-plugin-blosc-serial hdf5-filter-plugin-zfp-serial \
    bitshuffle python3-tables python3-hdf5plugin; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "the tests need Debian packages that are missing: run this as root, or: sudo apt-get install ${need[*]}" >&2
    exit 1
  fi
  echo "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y "${need[@]}" >/dev/null 2>&1 || {
    apt-get update >/dev/null
    apt-get install -y "${need[@]}" >/dev/null
  }
fi
if [ ! -d "$repo/tools/h5wasm/node_modules/h5wasm" ]; then
  echo "installing h5wasm (tools/h5wasm/package-lock.json)"
  npm ci --prefix "$repo/tools/h5wasm" --no-audit --no-fund >/dev/null
fi
# libhdf5 2.0 for revised references: h5py 3.16's wheel in a venv (Oracles.hdf5v2Python)
export H5J_HDF5V2_PYTHON="${H5J_HDF5V2_PYTHON:-/tmp/h5py2/bin/python}"
if ! "$H5J_HDF5V2_PYTHON" -c "import h5py" >/dev/null 2>&1; then
  venv="$(dirname "$(dirname "$H5J_HDF5V2_PYTHON")")"
  echo "installing h5py 3.16.0 (libhdf5 2.0) in $venv"
  if ! { /usr/bin/python3 -m venv "$venv" && "$venv/bin/pip" install -q h5py==3.16.0; }; then
    # The wheel comes from the machine's pip mirror; without it the revised-reference oracle
    # tests skip (loudly, with this reason) instead of failing the whole run.
    export H5J_HDF5V2_UNAVAILABLE="pip could not install h5py==3.16.0 on this machine"
    echo "!!! WARNING: $H5J_HDF5V2_UNAVAILABLE: libhdf5 2.0 (native) oracle tests will be SKIPPED"
  fi
fi
# raw codecs over the native libraries (imagecodecs: libaec, blosc, blosc2, bitshuffle, zstd...)
# python-blosc2 and PyTables 3.11 (bundled libhdf5 1.14 with Blosc2), byte-level oracles of h5j's filters
# (Oracles.codecsPython)
export H5J_CODECS_PYTHON="${H5J_CODECS_PYTHON:-/tmp/h5j-codecs/bin/python}"
if ! "$H5J_CODECS_PYTHON" -c "import imagecodecs, tables, blosc2" >/dev/null 2>&1; then
  venv="$(dirname "$(dirname "$H5J_CODECS_PYTHON")")"
  echo "installing imagecodecs, tables 3.11.1 and blosc2 in $venv"
  if ! { /usr/bin/python3 -m venv "$venv" && "$venv/bin/pip" install -q imagecodecs tables==3.11.1 blosc2; }; then
    export H5J_CODECS_UNAVAILABLE="pip could not install imagecodecs, tables and blosc2 on this machine"
    echo "!!! WARNING: $H5J_CODECS_UNAVAILABLE: raw codec oracle tests will be SKIPPED"
  fi
fi
# versioned-hdf5 (VersionedHdf5Peers): the two peers setup-peer.sh builds under /tmp/h5j-peer,
# reused by later runs; without them the peer oracle tests skip (loudly, with the reason)
export H5J_PEER_DEB="${H5J_PEER_DEB:-/tmp/h5j-peer/vh5-deb/bin/python}"
export H5J_PEER_V2="${H5J_PEER_V2:-/tmp/h5j-peer/vh5-v2/bin/python}"
peers="$repo/../shared/peers/setup-peer.sh"
peer_log="${TMPDIR:-/tmp}/h5j-peer-setup.log"
if [ ! -f "$peers" ]; then
  export H5J_PEERS_UNAVAILABLE="$peers is absent (it comes with the shared folder beside the repository)"
elif [ "${H5J_PEERS_BACKGROUND:-}" = 1 ] && ! { "$H5J_PEER_DEB" -c "import versioned_hdf5" \
    && "$H5J_PEER_V2" -c "import versioned_hdf5"; } >/dev/null 2>&1; then
  # .ci/run: the build (minutes of compiling) overlaps the tests that need no peer; the first
  # test that needs one waits for $H5J_PEERS_PENDING, which holds "ok" or why the build failed
  export H5J_PEERS_PENDING="${TMPDIR:-/tmp}/h5j-peer-setup.status"
  rm -f "$H5J_PEERS_PENDING"
  echo "building the versioned-hdf5 peers with $peers in the background (log: $peer_log)"
  (
    if PREFIX=/tmp/h5j-peer bash "$peers" >"$peer_log" 2>&1; then
      echo ok >"$H5J_PEERS_PENDING.part"
    else
      echo "$peers failed (log: $peer_log): $(grep -m1 ERROR "$peer_log" || tail -1 "$peer_log")" \
        >"$H5J_PEERS_PENDING.part"
    fi
    mv "$H5J_PEERS_PENDING.part" "$H5J_PEERS_PENDING"
  ) </dev/null &
else
  echo "building the versioned-hdf5 peers with $peers (log: $peer_log)"
  if ! PREFIX=/tmp/h5j-peer bash "$peers" >"$peer_log" 2>&1; then
    tail -5 "$peer_log" >&2 || true
    export H5J_PEERS_UNAVAILABLE="$peers failed (log: $peer_log): $(grep -m1 ERROR "$peer_log" || tail -1 "$peer_log")"
  fi
fi
if [ -n "${H5J_PEERS_UNAVAILABLE:-}" ]; then
  echo "!!! WARNING: $H5J_PEERS_UNAVAILABLE: versioned-hdf5 peer oracle tests will be SKIPPED"
elif [ -z "${H5J_PEERS_PENDING:-}" ]; then
  tail -3 "$peer_log"
fi
h5dump --version
node "$repo/tools/h5wasm/version.mjs"
/usr/bin/python3 -c "import h5py; print('h5py', h5py.version.version, 'libhdf5', h5py.version.hdf5_version)"
[ -n "${H5J_HDF5V2_UNAVAILABLE:-}" ] \
  || "$H5J_HDF5V2_PYTHON" -c "import h5py; print('h5py', h5py.version.version, 'libhdf5', h5py.version.hdf5_version, '(venv)')"

