#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the server's PostgreSQL tests (scripts/test.sh):
#   bash scripts/postgres.sh start DIR   # prints the URL to give BW_TEST_POSTGRES
#   bash scripts/postgres.sh stop DIR
# Debian's postgresql package (deps.sh --test) provides the programs. The cluster listens on
# 127.0.0.1 only, on a free port, trusts local connections, and lives in DIR. As root, it
# runs as the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?a folder for the cluster}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$bin" ]; then
    echo "postgres.sh: no PostgreSQL under /usr/lib/postgresql (deps.sh --test installs it)" >&2
    exit 1
fi
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case $cmd in
start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$dir"
        if ! runuser -u postgres -- test -x "$dir"; then
            echo "postgres.sh: the postgres user cannot reach $dir (make its parents 755)" >&2
            exit 1
        fi
    fi
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U bw --no-sync >/dev/null
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" \
        start >/dev/null
    echo "postgres://bw@127.0.0.1:$port/postgres"
    ;;
stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
    ;;
*)
    echo "postgres.sh: start or stop, not $cmd" >&2
    exit 2
    ;;
esac
