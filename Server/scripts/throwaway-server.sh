# shellcheck shell=bash
# Helpers shared by scripts/dev-server and Server/scripts/fuzz-openapi (sourced, not run): a throwaway PostgreSQL 15
# cluster in a temporary folder (Unix socket only, trust auth, fsync off) and an inventorykit-server on loopback.
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

# Builds inventorykit-server in Server/.build and sets IK_SERVER_BIN. Arguments go to swift build: the fuzz script
# passes --build-tests, the flags `swift test` builds with, so running it after the tests compiles nothing again.
ik_build_server() {
  if [ "$#" = 0 ]; then set -- --product inventorykit-server; fi
  swift build --package-path "$IK_SERVER_PACKAGE" --scratch-path "$IK_SERVER_PACKAGE/.build" "$@" >&2
  IK_SERVER_BIN="$(swift build --package-path "$IK_SERVER_PACKAGE" --scratch-path "$IK_SERVER_PACKAGE/.build" --show-bin-path)/inventorykit-server"
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
# 200. IK_DRAIN_SECONDS sets --drain-seconds: 0 unless a load balancer polls /v1/ready.
ik_serve() {
  local port="$1" log="$2" tries=0
  # shellcheck disable=SC2086 # IK_SERVE_ARGS holds extra `serve` options, split on spaces on purpose.
  "$IK_SERVER_BIN" serve --host 127.0.0.1 --port "$port" --database-url "$IK_DATABASE_URL" \
    --drain-seconds "${IK_DRAIN_SECONDS:-0}" ${IK_SERVE_ARGS:-} >>"$log" 2>&1 &
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
