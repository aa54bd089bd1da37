#!/usr/bin/env bash
# Installs the Debian packages the tests drive for real (a browser, a broker, fonts ...), each only when the
# file that shows it is there is missing. Arguments: FILE=PACKAGE pairs. The tests never skip themselves
# because one is missing: this runs first, and a test fails when what it needs still is not there.
set -euo pipefail
wanted=()
for pair in "$@"; do
  file="${pair%%=*}"
  package="${pair#*=}"
  [ -e "$file" ] || wanted+=("$package")
done
[ "${#wanted[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  echo "The tests need these Debian packages: ${wanted[*]}. Install them first: sudo apt-get install ${wanted[*]}" >&2
  exit 1
fi
echo "Installing Debian packages for the tests: ${wanted[*]}..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${wanted[@]}" >/dev/null
