# Shared by the bench scripts; source it with `. "$(dirname "$0")/lib.sh"` after `set -euo pipefail`.

# A scratch directory, removed when the script exits.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The median of the numbers on stdin, one a line.
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
