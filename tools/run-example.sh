#!/usr/bin/env sh
# Runs one Java block of the README's Quick tour or of docs/GUIDE.md, saved in a file: its
# import lines go to the top of a class, the rest becomes the body of a main that throws
# Exception. It runs in the current folder (where the blocks write their files), on the
# h5j jar that ./h5j builds.
#   tools/run-example.sh write.java
set -eu
if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "usage: tools/run-example.sh BLOCK.java   (a README block: imports, then statements)" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd -P)
jar="$repo/cli/target/h5j.jar"
[ -f "$jar" ] || "$repo/h5j" --version >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  grep -E '^[[:space:]]*import[[:space:]]' "$1" || true
  echo 'public class Example { public static void main(String[] args) throws Exception {'
  grep -vE '^[[:space:]]*import[[:space:]]' "$1" || true
  echo '} }'
} > "$work/Example.java"
java -cp "$jar" "$work/Example.java"
