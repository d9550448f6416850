# shellcheck shell=bash
# Helpers shared by scripts/dev-server and the scripts in Server/scripts (sourced, not run): a throwaway PostgreSQL 15
# cluster in a temporary folder (Unix socket only, trust auth, fsync off), an inventorykit-server on loopback,
# HAProxy, and the check of the journal in SQL after a run of `server-bench rolling`.
#
# As root, PostgreSQL's tools run as the postgres user through runuser, in a folder chowned to it, as the Swift
# tests' PostgresCluster does. Callers set `trap ik_cleanup EXIT` (and INT/TERM) right after sourcing.

IK_SERVER_PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IK_PG_BIN="${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}"
IK_PG_ROOT=""
IK_SERVER_PID=""
IK_SERVER_BIN=""
IK_DATABASE_URL=""

ik_log() { printf '%s\n' "$*" >&2; }

# Runs a PostgreSQL tool, as the postgres user when we are root (PostgreSQL refuses to run as root).
ik_pg() {
  local tool="$1"; shift
  if [ "$(id -u)" = 0 ]; then
    /usr/sbin/runuser -u postgres -- "$IK_PG_BIN/$tool" "$@"
  else
    "$IK_PG_BIN/$tool" "$@"
  fi
}

# Creates and starts a cluster in a new temporary folder; sets IK_PG_ROOT and IK_DATABASE_URL.
ik_pg_start() {
  if [ ! -x "$IK_PG_BIN/initdb" ]; then
    ik_log "PostgreSQL 15 is not installed ($IK_PG_BIN/initdb missing): install the Debian package postgresql"
    return 1
  fi
  IK_PG_ROOT="$(mktemp -d "${TMPDIR:-/tmp}/ikpg.XXXXXX")"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$IK_PG_ROOT"; fi
  ik_pg initdb -D "$IK_PG_ROOT/data" -A trust -U postgres -E UTF8 --no-sync --no-locale >"$IK_PG_ROOT/initdb.log" 2>&1 \
    || { ik_log "initdb failed:"; cat "$IK_PG_ROOT/initdb.log" >&2; return 1; }
  ik_pg pg_ctl -D "$IK_PG_ROOT/data" -l "$IK_PG_ROOT/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $IK_PG_ROOT -p 5432 -c fsync=off" start >/dev/null \
    || { ik_log "pg_ctl start failed:"; cat "$IK_PG_ROOT/server.log" >&2; return 1; }
  IK_DATABASE_URL="postgres://postgres@/postgres?host=$IK_PG_ROOT"
}

# Stops the cluster at once and removes its folder.
ik_pg_stop() {
  [ -n "$IK_PG_ROOT" ] || return 0
  if [ -f "$IK_PG_ROOT/data/postmaster.pid" ]; then
    ik_pg pg_ctl -D "$IK_PG_ROOT/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$IK_PG_ROOT"
  IK_PG_ROOT=""
}

# Builds inventorykit-server in Server/.build and sets IK_SERVER_BIN. Arguments go to swift build; the default,
# --build-tests, is the configuration `scripts/test` builds (a build without tests compiles every module again, so
# the scripts and the tests share one build). When the executable is newer than every source, manifest and resolved
# file it is built from, swift build is not run at all: even a build with nothing to do takes 5-20 s to plan.
ik_build_server() {
  if [ "$#" = 0 ]; then set -- --build-tests; fi
  local bin_path
  bin_path="$IK_SERVER_PACKAGE/.build/debug"
  IK_SERVER_BIN="$bin_path/inventorykit-server"
  if [ -x "$IK_SERVER_BIN" ] && [ -z "$(ik_server_sources_newer_than "$IK_SERVER_BIN")" ]; then
    return 0
  fi
  swift build --package-path "$IK_SERVER_PACKAGE" --scratch-path "$IK_SERVER_PACKAGE/.build" "$@" >&2
  IK_SERVER_BIN="$(swift build --package-path "$IK_SERVER_PACKAGE" --scratch-path "$IK_SERVER_PACKAGE/.build" --show-bin-path)/inventorykit-server"
}

# Prints the first file the server's build reads (its sources, the kit's, the manifests and resolved files) that
# is newer than $1; prints nothing when there is none.
ik_server_sources_newer_than() {
  local kit
  kit="$(cd "$IK_SERVER_PACKAGE/.." && pwd)"
  find "$IK_SERVER_PACKAGE/Sources" "$kit/Sources" "$IK_SERVER_PACKAGE/Package.swift" "$kit/Package.swift" \
    "$IK_SERVER_PACKAGE/Package.resolved" "$kit/Package.resolved" -newer "$1" -print -quit 2>/dev/null || true
}

# Runs an inventorykit-server subcommand against the cluster.
ik_cli() { "$IK_SERVER_BIN" "$@" --database-url "$IK_DATABASE_URL"; }

# Creates a household and one device; sets IK_HOUSEHOLD, IK_DEVICE and IK_TOKEN.
ik_household_with_device() {
  local name="$1" output
  IK_HOUSEHOLD="$(ik_cli household create "$name")"
  output="$(ik_cli device add "$IK_HOUSEHOLD")"
  IK_DEVICE="$(printf '%s\n' "$output" | sed -n 's/^device: //p')"
  IK_TOKEN="$(printf '%s\n' "$output" | sed -n 's/^token: //p')"
  if [ -z "$IK_HOUSEHOLD" ] || [ -z "$IK_TOKEN" ]; then
    ik_log "could not create a household and device: $output"
    return 1
  fi
}

# A free TCP port on 127.0.0.1.
ik_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts `serve` on 127.0.0.1:$1 in the background, logging to $2 (appending), and waits until /v1/ready answers
# 200. IK_DRAIN_SECONDS sets --drain-seconds: 0 unless a load balancer polls /v1/ready. The web's Open Food Facts
# lookup is off unless IK_OPEN_FOOD_FACTS_URL names a (loopback) mirror: scripts send traffic to 127.0.0.1 only.
ik_serve() {
  local port="$1" log="$2" tries=0
  # shellcheck disable=SC2086 # IK_SERVE_ARGS holds extra `serve` options, split on spaces on purpose.
  "$IK_SERVER_BIN" serve --host 127.0.0.1 --port "$port" --database-url "$IK_DATABASE_URL" \
    --drain-seconds "${IK_DRAIN_SECONDS:-0}" --open-food-facts-url "${IK_OPEN_FOOD_FACTS_URL:-off}" ${IK_SERVE_ARGS:-} \
    >>"$log" 2>&1 &
  IK_SERVER_PID=$!
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/ready" || true)" = 200 ]; do
    if ! kill -0 "$IK_SERVER_PID" 2>/dev/null; then
      ik_log "inventorykit-server exited before it was ready:"; cat "$log" >&2; IK_SERVER_PID=""; return 1
    fi
    tries=$((tries + 1))
    if [ "$tries" -gt 300 ]; then ik_log "inventorykit-server not ready after 60 s:"; cat "$log" >&2; return 1; fi
    sleep 0.2
  done
}

# Stops the server (SIGTERM, then SIGKILL after 10 s).
ik_server_stop() {
  [ -n "$IK_SERVER_PID" ] || return 0
  kill -TERM "$IK_SERVER_PID" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "$IK_SERVER_PID" 2>/dev/null || break; sleep 0.2; done
  kill -KILL "$IK_SERVER_PID" 2>/dev/null || true
  wait "$IK_SERVER_PID" 2>/dev/null || true
  IK_SERVER_PID=""
}

# Stops the server and the cluster; safe to call more than once.
ik_cleanup() {
  ik_server_stop
  ik_pg_stop
}

# Installs HAProxy from Debian's packages when it is missing (as root, or through sudo).
ik_need_haproxy() {
  command -v haproxy >/dev/null && return 0
  ik_log "== installing haproxy from Debian's packages"
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >&2
  elif command -v sudo >/dev/null && command -v apt-get >/dev/null; then
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >&2
  else
    ik_log "this script needs HAProxy: install the Debian package haproxy"; return 1
  fi
}

# Checks the journal in SQL against what `server-bench rolling` wrote to $1 (one `HOUSEHOLD_ID COUNT` line per
# household: its acknowledged operations): per household, rows in `changes` = distinct op ids = COUNT. The other
# arguments connect psql (`-h DIR`, `-p PORT`). Prints one line per violation, or one line saying all matched;
# returns 1 on a violation or when nothing was acknowledged.
ik_check_journal() {
  local acknowledged="$1" sql line rows distinct violations=0
  shift
  sql="$(ik_pg psql "$@" -U postgres -d postgres -At -F ' ' \
    -c "SELECT household_id, count(*), count(DISTINCT op_id) FROM changes GROUP BY household_id ORDER BY 1")"
  touch "$acknowledged"
  while read -r household count; do
    line="$(printf '%s\n' "$sql" | awk -v h="$household" '$1 == h')"
    rows="$(echo "$line" | awk '{print $2}')"
    distinct="$(echo "$line" | awk '{print $3}')"
    if [ "$rows" != "$count" ] || [ "$distinct" != "$count" ]; then
      echo "VIOLATION: household $household: $count operations acknowledged, ${rows:-0} rows in SQL (${distinct:-0} distinct op ids)"
      violations=$((violations + 1))
    fi
  done <"$acknowledged"
  if [ "$violations" = 0 ] && [ -s "$acknowledged" ]; then
    echo "SQL: every household's journal holds one row per acknowledged operation ($(awk '{s += $2} END {print s}' "$acknowledged") rows)"
    return 0
  fi
  return 1
}

# Creates $1 households with $2 devices each through `ik_cli` and writes one `HOUSEHOLD_ID TOKEN` line per device
# to $3, the devices file of `server-bench rolling`.
ik_rolling_devices() {
  local households="$1" per_household="$2" file="$3" household
  : >"$file"
  for _ in $(seq "$households"); do
    household="$(ik_cli household create "Rolling")"
    for _ in $(seq "$per_household"); do
      echo "$household $(ik_cli device add "$household" | sed -n 's/^token: //p')" >>"$file"
    done
  done
}

# Stops the process $1 if it runs: SIGTERM, SIGKILL after 10 s, then reaps it.
ik_stop_pid() {
  local pid="$1"
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
