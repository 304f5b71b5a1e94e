#!/bin/sh
# Unique URIs from web server access logs (Common/Combined Log Format),
# request targets resolved against the site's base URI, referers as given.
# Rotated .gz logs are read too; URIs equivalent under RFC 3986 §6.2
# (e.g. /%7Euser/ and /~user/) are printed once.
#
#   sh examples/log-harvest.sh [BASE] [LOG...]
#   (defaults: https://www.example.com/ examples/data/logs; needs `npm run build`)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd) # the repository, wherever this is run from
base=${1:-https://www.example.com/}
[ $# -gt 0 ] && shift
[ $# -eq 0 ] && set -- "$root/examples/data/logs"
exec node "$root/dist/cli.js" --mode log --unique --no-filename -r --base "$base" "$@"
