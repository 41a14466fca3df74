#!/usr/bin/env bash
# The README's speed figures: count(f(h)) over 1 M host names, against
# count(lower(h)), serial and with two parallel workers.
#
#   postgresql/bench.sh [CORPUS_DIR]     (default: tests/data/bench-corpus)
#
# Connects with the usual PG* variables to a database where it may create
# the extension xn and two tables (xn_bench_ascii, xn_bench_unicode; dropped
# at the end).  Prints the best of three runs of each query, in ms.
set -euo pipefail
corpus=${1:-$(dirname "$0")/../tests/data/bench-corpus}
psql() { command psql -X -q -v ON_ERROR_STOP=1 "$@"; }

psql -c "SET client_min_messages = warning" -c "CREATE EXTENSION IF NOT EXISTS xn"
# 1 M rows: each corpus file repeated in its order.
for set in ascii unicode; do
    psql -c "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS xn_bench_$set" \
         -c "CREATE TEMP TABLE src (n serial, h text)" \
         -c "\\copy src (h) FROM '$corpus/$set.txt'" \
         -c "CREATE TABLE xn_bench_$set AS SELECT src.h FROM generate_series(1, 1000000) g,
                 src WHERE g <= 1000000 / (SELECT count(*) FROM src) + 1
                 ORDER BY g, src.n LIMIT 1000000" \
         -c "VACUUM ANALYZE xn_bench_$set"
done

# Best of three, in ms, from EXPLAIN ANALYZE's execution time.
best() {
    local workers=$1 query=$2 t best=
    for _ in 1 2 3; do
        t=$(psql -At -c "SET max_parallel_workers_per_gather = $workers" \
                 -c "EXPLAIN (ANALYZE, TIMING OFF) $query" |
            sed -n 's/^Execution Time: \([0-9.]*\) ms$/\1/p')
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
    done
    printf '%.0f' "$best"
}

printf '%-8s %-40s %10s %10s\n' rows query "serial ms" "2 workers"
# A few hosts of the ASCII corpus are invalid ("x_x-freeadd-me.translate.goog"):
# there only the try_ variants run to the end.
for q in "ascii lower(h)" "ascii try_idn_to_ascii(h)" "ascii try_idn_key(h)" \
         "ascii try_idn_to_unicode(h)" "ascii try_idn_display(h)" \
         "unicode lower(h)" "unicode idn_to_ascii(h)" "unicode try_idn_to_ascii(h)" \
         "unicode idn_key(h)" "unicode idn_to_unicode(h)" "unicode idn_display(h)"; do
    set=${q%% *} f=${q#* }
    sql="SELECT count($f) FROM xn_bench_$set"
    printf '%-8s %-40s %10s %10s\n' "$set" "count($f)" "$(best 0 "$sql")" "$(best 2 "$sql")"
done
psql -c "DROP TABLE xn_bench_ascii, xn_bench_unicode"
