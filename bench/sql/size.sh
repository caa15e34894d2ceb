#!/usr/bin/env bash
# Database size per million payments (bench/README.md, "Database size"): builds the schema as Flyway
# does in a scratch schema of the local PostgreSQL, loads N payments shaped like live ones (size.sql),
# prints each table's size scaled to a million payments, then drops the schema.
#
#   bench/sql/size.sh [N]        # N payments, 200000 by default; about a minute
#
# XAALIS_SIZE_DB (default test) and XAALIS_SIZE_SCHEMA (default xaalis_size) choose where.
set -euo pipefail
cd "$(dirname "$0")/../.."
db=${XAALIS_SIZE_DB:-test}
schema=${XAALIS_SIZE_SCHEMA:-xaalis_size}
n=${1:-200000}
psql_=(psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -U postgres -d "$db")

export PGOPTIONS="-c search_path=$schema -c client_min_messages=warning"
"${psql_[@]}" -c "DROP SCHEMA IF EXISTS $schema CASCADE" -c "CREATE SCHEMA $schema"
trap '"${psql_[@]}" -c "DROP SCHEMA IF EXISTS $schema CASCADE"' EXIT

# Shared and PostgreSQL-only migrations, in version order, as Flyway applies them.
for migration in $(ls server/src/main/resources/db/migration/V*.sql server/src/main/resources/db/vendor/postgresql/V*.sql \
        | awk -F/ '{ v = $NF; sub(/^V/, "", v); sub(/__.*/, "", v); print v "\t" $0 }' | sort -n | cut -f2); do
    "${psql_[@]}" -f "$migration" >/dev/null
done
"${psql_[@]}" -v n="$n" -f bench/sql/size.sql
