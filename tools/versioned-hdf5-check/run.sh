#!/bin/sh
# versioned-hdf5 and h5j judge each other's files (a manual oracle: versioned-hdf5 is not
# installable in CI). See README.md beside this script.
#
#   VHDF5_PYTHONPATH=DIR tools/versioned-hdf5-check/run.sh [WORKDIR]
#   tools/versioned-hdf5-check/run.sh --h5py-only [WORKDIR]
#
# DIR is put first on PYTHONPATH for /usr/bin/python3 (Debian's h5py and numpy); it must hold
# an importable versioned_hdf5 and its dependency ndindex. --h5py-only reads with h5py alone
# and skips versioned-hdf5's commits (what InteropScenarioTest does in CI).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PY=/usr/bin/python3
READER=vhdf5
if [ "${1:-}" = "--h5py-only" ]; then
  READER=h5py
  shift
fi
WORK=${1:-$(mktemp -d /tmp/vhdf5-check.XXXXXX)}
mkdir -p "$WORK"
FILE=$WORK/h5j.h5
MANIFEST=$WORK/manifest.json
rm -f "$FILE" "$MANIFEST"

if [ "$READER" = vhdf5 ]; then
  if [ -z "${VHDF5_PYTHONPATH:-}" ]; then
    echo "run.sh: set VHDF5_PYTHONPATH to a directory holding versioned_hdf5 and ndindex" \
      "(README.md says how to get one), or pass --h5py-only" >&2
    exit 2
  fi
  PYTHONPATH=$VHDF5_PYTHONPATH${PYTHONPATH:+:$PYTHONPATH}
  export PYTHONPATH
  $PY -c 'import versioned_hdf5, ndindex, h5py, numpy
print("versioned_hdf5", getattr(versioned_hdf5, "__version__", "(no __version__)"),
      "from", versioned_hdf5.__file__)
print("ndindex", ndindex.__version__, "h5py", h5py.__version__, "libhdf5",
      h5py.version.hdf5_version, "numpy", numpy.__version__)'
fi

cd "$ROOT"
mvn -q -B -o -pl format,versioning -am test-compile
mvn -q -B -o -pl versioning dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$WORK/cp.txt" >/dev/null
# h5j's own classes from this tree, not from the local repository's snapshots
CP=format/target/classes:format/target/test-classes:versioning/target/classes
CP=$CP:versioning/target/test-classes:$(tr ':' '\n' < "$WORK/cp.txt" | grep -v '/io/h5j/' | paste -sd: -)
h5j() { java -cp "$CP" io.h5j.versioning.InteropMain "$@"; }

echo "== h5j writes $FILE"
h5j write "$FILE" "$MANIFEST"
echo "== $READER reads every version h5j wrote"
$PY "$HERE/check.py" verify "$FILE" "$MANIFEST" --reader "$READER"
if [ "$READER" = vhdf5 ]; then
  echo "== versioned-hdf5 commits on top of h5j's versions"
  $PY "$HERE/check.py" extend "$FILE" "$MANIFEST"
fi
echo "== h5j reads everything, commits again"
h5j extend "$FILE" "$MANIFEST"
echo "== $READER reads everything"
$PY "$HERE/check.py" verify "$FILE" "$MANIFEST" --reader "$READER"
echo "== libhdf5 parses the whole file and prints every version's values (h5dump)"
# (the hash tables use h5py's LZF filter, which h5dump lacks: headers only for them)
h5dump -H "$FILE" >/dev/null
if h5dump -g /_version_data/versions "$FILE" 2>&1 | grep -i error; then
  echo "run.sh: h5dump could not print a version's values" >&2
  exit 1
fi
echo "run.sh: all checks passed ($WORK)"
