#!/usr/bin/env bash
# Fills in nginx/site.conf.template (the upstream and the server), and for
# `make run` also nginx/nginx.conf.template (the http{} wrapper that includes it).
# usage: nginx-conf.sh ROOT RUN_DIR PORT BACKENDS BODY_LIMIT
#          writes RUN_DIR/site.conf (listening on 127.0.0.1:PORT, caching in RUN_DIR/cache)
#          and RUN_DIR/nginx.conf
#        nginx-conf.sh --site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT CACHE_DIR
#          writes the site alone to OUT (scripts/install.sh: sites-available), with
#          nginx's cache of the GETs in CACHE_DIR (nginx makes the last folder)
# ROOT holds public/ and nginx/ (the checkout, or the installed share folder).
# BACKENDS is the master's unix socket (an absolute path), or backends on TCP,
# one per host, comma-separated: 10.0.0.11:9000,10.0.0.12:9000. Each backend's
# pool for large bodies is beside it: the socket path + ".large", or the port + 1.
#
# Per-client-address limits on /api/ (answered 429 with Retry-After), from the
# environment; a number, or off. An outer guard against plain floods: the fair
# share of the worker threads is the backend's (docs/operations.md, where the
# defaults are worked out from what a request costs):
#   RATE_LIMIT        requests per second, with a burst of twice as many [20000]
#   LARGE_RATE_LIMIT  requests per second with a body over 64 KiB, burst twice [2]
#   CONN_LIMIT        requests at once [32]
#   LIMITS=off        none of them (the benchmarks, which load from one address)
#   TRUSTED           addresses or CIDRs, comma-separated, whose requests none of
#                     them limits: the site's own backends that render through the
#                     API, say (10.0.0.0/8,192.0.2.7) []
#
# HTTPS with HTTP/2 beside plain HTTP, when all three are set:
#   TLS_LISTEN        nginx's listen for it (make run: a port on 127.0.0.1; --site: as given, e.g. 443)
#   TLS_CERT TLS_KEY  the certificate chain and its key (PEM)
# Over HTTP/2 a browser asks for every module of the page's start on one
# connection at once; over HTTP/1.1 it has six connections at most, so the
# start's two dozen files take four round trips more (docs/operations.md).
set -euo pipefail
templates=$(cd "$(dirname "$0")/../nginx" && pwd)
# With TCP backends: how long a cached GET is fresh before nginx revalidates it.
FRESH_SECONDS=2

# limit NAME VALUE: VALUE if it is a positive whole number, empty for off.
limit() {
  local value=$2
  [ "${LIMITS:-on}" = off ] && value=off
  [ "$value" = off ] && return 0
  [[ $value =~ ^[1-9][0-9]*$ ]] || { echo "nginx-conf.sh: $1 must be a positive number or off, not: $value" >&2; exit 2; }
  echo "$value"
}
rate=$(limit RATE_LIMIT "${RATE_LIMIT:-20000}")
large_rate=$(limit LARGE_RATE_LIMIT "${LARGE_RATE_LIMIT:-2}")
conns=$(limit CONN_LIMIT "${CONN_LIMIT:-32}")
zones= limits=
if [ -n "$rate" ]; then
  zones+="limit_req_zone \$stickertext_client zone=stickertext_rate:10m rate=${rate}r/s;\n"
  limits+="        limit_req zone=stickertext_rate burst=$((rate * 2)) nodelay;\n"
fi
if [ -n "$large_rate" ]; then
  zones+="limit_req_zone \$stickertext_large_client zone=stickertext_large_rate:10m rate=${large_rate}r/s;\n"
  limits+="        limit_req zone=stickertext_large_rate burst=$((large_rate * 2)) nodelay;\n"
fi
if [ -n "$conns" ]; then
  zones+="limit_conn_zone \$stickertext_client zone=stickertext_conns:10m;\n"
  limits+="        limit_conn stickertext_conns $conns;\n"
fi
# The geo block's lines: each TRUSTED address or CIDR, not limited (0).
trusted=
IFS=, read -ra entries <<< "${TRUSTED:-}"
for entry in "${entries[@]}"; do
  entry=${entry// /}
  [ -n "$entry" ] || continue
  [[ $entry =~ ^([0-9]{1,3}(\.[0-9]{1,3}){3}|[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*)(/[0-9]{1,3})?$ ]] \
    || { echo "nginx-conf.sh: TRUSTED takes addresses or CIDRs (10.0.0.0/8, 2001:db8::/32), comma-separated, not: $entry" >&2; exit 2; }
  trusted+="    $entry 0;\n"
done
[ -n "$trusted" ] || trusted="    # (none: TRUSTED not set)\n"
[ -n "$zones" ] || zones="# (no per-address limits: LIMITS=off)\n"
# A refusal is counted by /metrics; at nginx's default level (error) each would
# also write a line to the error log, 100,000 lines for a 15 s flood.
[ -n "$limits" ] && limits+="        limit_req_log_level info;\n        limit_conn_log_level info;\n"
[ -n "$limits" ] || limits="        # (no per-address limits: LIMITS=off)\n"

# tls LISTEN: the server's lines for HTTPS with HTTP/2, or a comment when TLS_* are not set.
tls() {
  if [ -z "${TLS_LISTEN:-}${TLS_CERT:-}${TLS_KEY:-}" ]; then
    echo "    # (no HTTPS: TLS_LISTEN, TLS_CERT and TLS_KEY not set)"
    return
  fi
  local file
  [ -n "${TLS_LISTEN:-}" ] && [ -n "${TLS_CERT:-}" ] && [ -n "${TLS_KEY:-}" ] \
    || { echo "nginx-conf.sh: HTTPS needs all of TLS_LISTEN, TLS_CERT and TLS_KEY" >&2; exit 2; }
  for file in "$TLS_CERT" "$TLS_KEY"; do
    [ -r "$file" ] || { echo "nginx-conf.sh: cannot read $file" >&2; exit 2; }
    [[ $file =~ ^[A-Za-z0-9._/+-]+$ ]] || { echo "nginx-conf.sh: a TLS file's path may hold letters, digits and ._/+- only: $file" >&2; exit 2; }
  done
  printf '    listen %s ssl http2;\\n    ssl_certificate %s;\\n    ssl_certificate_key %s;\\n    ssl_protocols TLSv1.2 TLSv1.3;' \
    "$1" "$TLS_CERT" "$TLS_KEY"
}

# metrics PATH BACKEND: a location for a scraper on this host (loopback only)
# that passes PATH to BACKEND's /metrics (an upstream, or unix:SOCKET, or HOST:PORT).
metrics() {
  local rewrite=
  [ "$1" = /metrics ] || rewrite="        rewrite ^ /metrics break;  # what the backend answers: DOCUMENT_URI\n"
  printf '    location = %s {\n        allow 127.0.0.1;\n        allow ::1;\n        deny all;\n%s        fastcgi_pass %s;\n%s\n    }\n' \
    "$1" "$rewrite" "$2" '        include /etc/nginx/fastcgi_params;\n        fastcgi_param HTTP_PROXY "";'
}

# site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT CACHE_DIR
site() {
  local out=$1 root=$2 listen=$3 name=$4 backends=$5 limit=$6 cache=$7 tls_listen=${8:-${TLS_LISTEN:-}} servers= large= host https
  # nginx's 413s and 429s go to a master's datagram socket beside its FastCGI one (/metrics):
  # the backend's, or with TCP backends the front host's own master's (METRICS_SOCKET).
  local rejections="    # (none: the backends are on TCP, on other hosts, and METRICS_SOCKET is not set)"
  local counter=
  local metrics_locations="$(metrics /metrics stickertext)"
  # The cached GETs: on a unix socket keyed with the packs' version, a link the
  # master keeps beside its socket; TCP backends' links are on their hosts, so
  # there an entry is fresh for a moment, then revalidated with its ETag.
  local api_cache="        # TCP backends are other hosts, whose packs' version nginx cannot
        # read: an entry is fresh for $FRESH_SECONDS s, then the first request for it is
        # answered from it while nginx asks a backend in the background with
        # the entry's ETag (If-None-Match): a 304 (the same packs) makes it
        # fresh again, a 200 (new packs) replaces it. A reload on every host
        # shows through within $((FRESH_SECONDS + 1)) s of the last one (docs/operations.md).
        fastcgi_cache stickertext_cache;
        fastcgi_cache_key \"\$stickertext_encoding \$request_method \$uri?\$args\";
        fastcgi_cache_valid 200 304 ${FRESH_SECONDS}s;
        fastcgi_ignore_headers Cache-Control Expires;
        fastcgi_cache_revalidate on;
        fastcgi_cache_background_update on;
        fastcgi_cache_use_stale updating;
        fastcgi_param HTTP_ACCEPT_ENCODING \$stickertext_encoding;"
  api_cache=${api_cache//$'\n'/\\n}
  if [[ $backends == /* ]]; then
    for _ in $(seq 16); do
      servers+="    server unix:$backends max_fails=0;\n"
      large+="    server unix:$backends.large max_fails=0;\n"
    done
    counter=$backends
    api_cache="        # The packs' version: \$realpath_root resolves the link beside the
        # socket (root serves no file here) on every request, no file opened.
        root $backends.version;
        fastcgi_cache stickertext_cache;
        fastcgi_cache_key \"\$realpath_root \$stickertext_encoding \$request_method \$uri?\$args\";
        fastcgi_cache_valid 200 1h;
        fastcgi_ignore_headers Cache-Control Expires;
        # The cache's files stay open between hits: an entry is never
        # rewritten with other content, since its key names the version.
        open_file_cache max=10000 inactive=10m;
        # What the key says the client takes; the backend gzips the packs once per load.
        fastcgi_param HTTP_ACCEPT_ENCODING \$stickertext_encoding;"
    api_cache=${api_cache//$'\n'/\\n}
  else
    IFS=, read -ra hosts <<< "$backends"
    metrics_locations="    # (no /metrics of this host's own: METRICS_SOCKET is not set)"
    if [ -n "${METRICS_SOCKET:-}" ]; then
      [[ $METRICS_SOCKET =~ ^/[A-Za-z0-9._/+-]+$ ]] \
        || { echo "nginx-conf.sh: METRICS_SOCKET must be an absolute path of letters, digits and ._/+-: $METRICS_SOCKET" >&2; exit 2; }
      counter=$METRICS_SOCKET
      metrics_locations=$(metrics /metrics "unix:$METRICS_SOCKET")
    fi
    for host in "${hosts[@]}"; do
      [[ $host =~ ^([A-Za-z0-9.:_-]+):([0-9]+)$ ]] && (( BASH_REMATCH[2] >= 1 && BASH_REMATCH[2] <= 65534 )) \
        || { echo "nginx-conf.sh: not a HOST:PORT with PORT from 1 to 65534 (the large-body pool takes PORT + 1): $host" >&2; exit 2; }
      servers+="    server $host max_fails=1 fail_timeout=2s;\n"
      large+="    server ${BASH_REMATCH[1]}:$((BASH_REMATCH[2] + 1)) max_fails=1 fail_timeout=2s;\n"
      metrics_locations+="\n$(metrics "/metrics/$host" "$host")"
    done
  fi
  [ -z "$counter" ] \
    || rejections="    access_log syslog:server=unix:$counter.nginx,nohostname,tag=stickertext stickertext_rejection if=\$stickertext_rejected;"
  [[ $limit =~ ^[0-9]+$ ]] || { echo "nginx-conf.sh: not a byte count: $limit" >&2; exit 2; }
  https=$(tls "$tls_listen")
  sed -e "s|@ROOT@|$root|g" -e "s|@LISTEN@|$listen|g" -e "s|@SERVER_NAME@|$name|g" -e "s|@HTTPS@|$https|" \
    -e "s|@UPSTREAM_SERVERS@|${servers%\\n}|" -e "s|@LARGE_UPSTREAM_SERVERS@|${large%\\n}|" \
    -e "s|@LIMIT_ZONES@|${zones%\\n}|" -e "s|@API_LIMITS@|${limits%\\n}|" -e "s|@TRUSTED@|${trusted%\\n}|" \
    -e "s|@REJECTION_LOG@|$rejections|" -e "s|@API_CACHE@|$api_cache|" -e "s|@METRICS@|${metrics_locations//$'\n'/\\n}|" \
    -e "s|@CACHE_DIR@|$cache|" -e "s|@BODY_LIMIT@|$limit|g" "$templates/site.conf.template" > "$out"
}

if [ "${1:-}" = --site ]; then
  [ $# -eq 8 ] || { echo "usage: nginx-conf.sh --site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT CACHE_DIR" >&2; exit 2; }
  shift
  site "$@"
  exit 0
fi
[ $# -eq 5 ] || { echo "usage: nginx-conf.sh ROOT RUN_DIR PORT BACKENDS BODY_LIMIT" >&2; exit 2; }
root=$1 run=$2 port=$3 backends=$4 limit=$5
mkdir -p "$run"
site "$run/site.conf" "$root" "127.0.0.1:$port" localhost "$backends" "$limit" "$run/cache" "${TLS_LISTEN:+127.0.0.1:$TLS_LISTEN}"
sed -e "s|@RUN@|$run|g" "$templates/nginx.conf.template" > "$run/nginx.conf"
