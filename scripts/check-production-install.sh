#!/usr/bin/env bash
# CI: a production install on a copy of the built tree. Without the development dependencies
# (no TypeScript loader, no build tools), on PostgreSQL and Redis, `npm start` must serve, and
# the same start without the stores must be refused. Run after `npm run build`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
: "${DATABASE_URL:=postgres://postgres@127.0.0.1:5432/test}" "${REDIS_URL:=redis://127.0.0.1:6379}"
port="${PRODUCTION_CHECK_PORT:-8290}"
work=$(mktemp -d)
schema="prod_check_$$"
server=
cleanup() {
  # npm start and the server it runs, as a group (npm does not pass the signal on).
  if [ -n "$server" ]; then kill -TERM -- "-$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  psql "$DATABASE_URL" -qc "drop schema if exists $schema cascade" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

[ -f "$root/apps/server/dist/main.js" ] && [ -f "$root/apps/web/dist/index.html" ] || { echo "production check: run npm run build first" >&2; exit 1; }
tar -C "$root" --exclude=./node_modules --exclude='./*/*/node_modules' --exclude=./data --exclude=./.git -cf - . | tar -C "$work" -xf -
cd "$work"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
[ ! -e node_modules/tsx ] && [ ! -e node_modules/typescript ] || { echo "production check: a development dependency was installed" >&2; exit 1; }

export NODE_ENV=production CRYPTO_KEYS_DIR="$work/keys" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn
# (Bounded: were the refusal gone, the server would serve for ever.)
if DATABASE_URL= REDIS_URL= timeout 60 npm start >"$work/refused.log" 2>&1; then
  echo "production check: started without DATABASE_URL and REDIS_URL" >&2; exit 1
fi
grep -q 'DATABASE_URL, REDIS_URL: both required in production' "$work/refused.log"

export DATABASE_URL REDIS_URL DATABASE_SCHEMA="$schema" KV_PREFIX="prod-check-$$:"
npm run -s keys:generate -w @portal/server >/dev/null
npm run -s ca:generate -w @portal/server >/dev/null
setsid npm start >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:$port/pmobile/monitor/system/readiness" >/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 1
done
curl -sf "http://127.0.0.1:$port/pmobile/monitor/system/readiness"; echo
curl -sf "http://127.0.0.1:$port/zctgdzhwy/" | grep -q '<div id="root">'
# The serving process is plain node on the compiled server, with no loader in its arguments or
# NODE_OPTIONS (and none installed to load).
pid=$(pgrep -f "$work/apps/server/dist/main.js" | head -n1 || true)
[ -n "$pid" ] || { echo "production check: no process runs $work/apps/server/dist/main.js" >&2; exit 1; }
# Read whole first: `grep -q` quitting early would fail the pipe under pipefail and hide a match.
cmdline=$(tr '\0' '\n' <"/proc/$pid/cmdline")
environ=$(tr '\0' '\n' <"/proc/$pid/environ")
if printf '%s\n' "$cmdline" | grep -e '^--import' -e '^--loader' -e '^--require' -e 'tsx' >/dev/null; then
  echo "production check: a loader in $cmdline" >&2; exit 1
fi
if printf '%s\n' "$environ" | grep -E '^NODE_OPTIONS=.*(tsx|loader|import)' >/dev/null; then
  echo "production check: a loader in NODE_OPTIONS" >&2; exit 1
fi
echo "production check: a production install serves on PostgreSQL and Redis, and refuses to start without them"
