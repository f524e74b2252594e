#!/usr/bin/env bash
# Fills in nginx/site.conf.template (the upstream and the server), and for
# `make run` also nginx/nginx.conf.template (the http{} wrapper that includes it).
# usage: nginx-conf.sh ROOT RUN_DIR PORT BACKENDS BODY_LIMIT
#          writes RUN_DIR/site.conf (listening on 127.0.0.1:PORT, caching in RUN_DIR/cache)
#          and RUN_DIR/nginx.conf
#        nginx-conf.sh --site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT CACHE_DIR
#          writes the site alone to OUT (scripts/install.sh: sites-available), with
#          nginx's cache of the GETs in CACHE_DIR (nginx makes the last folder)
#        nginx-conf.sh --connections NGINX_CONF
#          raises worker_connections and worker_rlimit_nofile in an nginx.conf
#          (scripts/install.sh: Debian's /etc/nginx/nginx.conf) to this machine's sizes
#        nginx-conf.sh --packs
#          prints PACKS checked, as the site takes it (scripts/install.sh: the unit's --packs)
#        nginx-conf.sh --answer-limit
#          prints ANSWER_LIMIT, or its default, checked: the one value run.sh and
#          install.sh give both the server (--answer-limit) and nginx
# ROOT holds nginx/ and the page nginx serves, built by tools/build-page.mjs:
# the checkout's .build/site (make run), or the installed share folder's
# public/ (--site: scripts/install.sh copies the built site there).
# PACKS (from the environment) is the packs folder the server reads (its
# --packs), from which nginx serves the pictures under /stickers/, so that
# every picture /api/render names is there: an absolute path. Unset, the
# default packs ROOT/public/stickers, whose pictures are the embedded packs'
# (the server without --packs). run.sh and install.sh give both the same one.
# BACKENDS is the master's unix socket (an absolute path), or backends on TCP,
# one per host, comma-separated: 10.0.0.11:9000,10.0.0.12:9000. Each backend's
# pool for large bodies is beside it: the socket path + ".large", or the port + 1.
#
# Per-client-address limits (answered 429 with Retry-After), from the
# environment; a number, or off. An outer guard against plain floods: the fair
# share of the worker threads is the backend's (docs/operations.md, where the
# defaults are worked out from what a request costs). An IPv6 client is its /64,
# as in the backend's fair share:
#   RATE_LIMIT        requests per second on /api/, with a burst of twice as many [20000]
#   LARGE_RATE_LIMIT  requests per second with a body over 64 KiB, burst twice [2]
#   CONN_LIMIT        requests at once on /api/ [32]
#   SITE_CONN_LIMIT   requests at once on every path, static files included [256]: a
#                     page's start asks for some 30 files at once over HTTP/2, its
#                     sticker panel for a hundred images, and a carrier's users share
#                     an address
#   LIMITS=off        none of them (the benchmarks, which load from one address)
#   TRUSTED           addresses or CIDRs, comma-separated, whose requests none of
#                     them limits: the site's own backends that render through the
#                     API, say (10.0.0.0/8,192.0.2.7) []; a CIDR's host bits must
#                     be zero, and /0 (every address) is refused
#   ANSWER_LIMIT      the largest answer the backend sends, in bytes (the server's
#                     --answer-limit, whose default is this one's; at least 65536):
#                     what nginx may buffer on disk for one request [16777216]
#
# HTTPS with HTTP/2 beside plain HTTP, when all three are set, with Mozilla's
# "intermediate" profile (nginx/tls-intermediate.conf) and HSTS:
#   TLS_LISTEN        nginx's listen for it (make run: a port on 127.0.0.1; --site: as given, e.g. 443)
#   TLS_CERT TLS_KEY  the certificate chain and its key (PEM)
#   TLS_REDIRECT      on: plain HTTP is answered 308 to HTTPS, at the first server
#                     name (make run: 127.0.0.1), but for /metrics and
#                     ACME's /.well-known/acme-challenge/; off: both serve [on]
# Over HTTP/2 a browser asks for every module of the page's start on one
# connection at once; over HTTP/1.1 it has six connections at most, so the
# start's two dozen files take four round trips more (docs/operations.md).
#
# The connections nginx holds are sized from this machine (docs/limits.md):
# the hard limit of open files (ulimit -Hn) and the memory. Run as root,
# `make run`'s nginx workers are NGINX_USER (run.sh: www-data), never root.
set -euo pipefail
templates=$(cd "$(dirname "$0")/../nginx" && pwd)
# With TCP backends: how long a cached GET is fresh before nginx revalidates it.
FRESH_SECONDS=2
# With a unix socket: the cache files each nginx worker keeps open in each cached location.
OPEN_CACHE_FILES=16

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
site_conns=$(limit SITE_CONN_LIMIT "${SITE_CONN_LIMIT:-256}")
answer_limit=${ANSWER_LIMIT:-16777216}
[[ $answer_limit =~ ^[1-9][0-9]{0,15}$ ]] && (( answer_limit >= 65536 )) ||
  { echo "nginx-conf.sh: ANSWER_LIMIT must be a byte count of at least 65536, not: $answer_limit" >&2; exit 2; }
if [ "${1:-}" = --answer-limit ]; then
  echo "$answer_limit"
  exit 0
fi
zones= limits= server_limits=
if [ -n "$rate" ]; then
  zones+="limit_req_zone \$stickertext_client zone=stickertext_rate:10m rate=${rate}r/s;\n"
  limits+="        limit_req zone=stickertext_rate burst=$((rate * 2)) nodelay;\n"
fi
if [ -n "$large_rate" ]; then
  zones+="limit_req_zone \$stickertext_large_client zone=stickertext_large_rate:10m rate=${large_rate}r/s;\n"
  limits+="        limit_req zone=stickertext_large_rate burst=$((large_rate * 2)) nodelay;\n"
fi
# A location's limit_conn replaces the server's: /api/'s repeat it beside their own.
if [ -n "$site_conns" ]; then
  zones+="limit_conn_zone \$stickertext_client zone=stickertext_site_conns:10m;\n"
  server_limits+="    limit_conn stickertext_site_conns $site_conns;\n"
  limits+="        limit_conn stickertext_site_conns $site_conns;\n"
fi
if [ -n "$conns" ]; then
  zones+="limit_conn_zone \$stickertext_client zone=stickertext_conns:10m;\n"
  limits+="        limit_conn stickertext_conns $conns;\n"
fi

# ipv4 ADDRESS: its 32 bits as a number, or fails.
ipv4() {
  [[ $1 =~ ^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$ ]] || return 1
  local value=0 i
  for i in 1 2 3 4; do
    (( 10#${BASH_REMATCH[i]} <= 255 )) || return 1
    value=$(( value * 256 + 10#${BASH_REMATCH[i]} ))
  done
  echo "$value"
}

# ipv6 ADDRESS: its eight 16-bit words (space-separated numbers), or fails.
ipv6() {
  local address=$1 v4 word words=() left=() right=() i
  if [[ $address =~ ^(.*:)([0-9]+\.[0-9.]+)$ ]]; then  # a dotted IPv4 tail: ::ffff:192.0.2.7
    address=${BASH_REMATCH[1]}
    v4=$(ipv4 "${BASH_REMATCH[2]}") || return 1
    address+=$(printf '%x:%x' $(( v4 >> 16 )) $(( v4 & 0xffff )))
  fi
  [[ $address =~ ^[0-9A-Fa-f:]+$ && $address != *:::* && $address != *::*::* ]] || return 1
  [[ $address =~ ^:[^:] || $address =~ [^:]:$ ]] && return 1
  if [[ $address == *::* ]]; then
    [ -z "${address%%::*}" ] || IFS=: read -ra left <<< "${address%%::*}"
    [ -z "${address#*::}" ] || IFS=: read -ra right <<< "${address#*::}"
    (( ${#left[@]} + ${#right[@]} <= 7 )) || return 1
    words=("${left[@]}")
    for (( i = ${#left[@]} + ${#right[@]}; i < 8; i++ )); do words+=(0); done
    words+=("${right[@]}")
  else
    IFS=: read -ra words <<< "$address"
    [ ${#words[@]} -eq 8 ] || return 1
  fi
  for word in "${words[@]}"; do
    [[ $word =~ ^[0-9A-Fa-f]{1,4}$ ]] || return 1
    printf '%d ' $(( 16#$word ))
  done
}

# trusted_entry ENTRY: ENTRY if it is an address or a network (a CIDR whose
# host bits are zero, not /0); else says why and exits. A CIDR with host bits
# set is most likely a typing error (nginx only warns, and takes the network),
# and /0 would lift the limits from everyone.
trusted_entry() {
  local entry=$1 address=${1%/*} prefix= value words bits network= i mask word
  local usage="nginx-conf.sh: TRUSTED takes addresses or CIDRs (10.0.0.0/8, 2001:db8::/32), comma-separated, not: $entry"
  [[ $entry == */* ]] && prefix=${entry#*/}
  [ -z "$prefix" ] && [[ $entry == */* ]] && { echo "$usage" >&2; exit 2; }
  [ -z "$prefix" ] || [[ $prefix =~ ^[0-9]{1,3}$ ]] || { echo "$usage" >&2; exit 2; }
  if value=$(ipv4 "$address"); then
    [ -z "$prefix" ] && { echo "$entry"; return; }
    (( 10#$prefix <= 32 )) || { echo "$usage" >&2; exit 2; }
    bits=$(( 32 - 10#$prefix ))
    if (( value & ((1 << bits) - 1) )); then
      value=$(( value >> bits << bits ))
      network="$(( value >> 24 )).$(( value >> 16 & 255 )).$(( value >> 8 & 255 )).$(( value & 255 ))/$(( 10#$prefix ))"
    fi
  elif words=$(ipv6 "$address"); then
    [ -z "$prefix" ] && { echo "$entry"; return; }
    (( 10#$prefix <= 128 )) || { echo "$usage" >&2; exit 2; }
    read -ra words <<< "$words"
    local masked=() set=0
    for i in "${!words[@]}"; do
      bits=$(( 16 * (i + 1) - 10#$prefix ))
      (( bits < 0 )) && bits=0
      (( bits > 16 )) && bits=16
      mask=$(( (1 << bits) - 1 ))
      word=${words[i]}
      (( word & mask )) && set=1
      masked+=("$(printf '%x' $(( word & ~mask & 0xffff )))")
    done
    (( set )) && network="$(IFS=:; echo "${masked[*]}")/$(( 10#$prefix ))"
  else
    echo "$usage" >&2; exit 2
  fi
  (( 10#$prefix > 0 )) \
    || { echo "nginx-conf.sh: TRUSTED: $entry is every address, which would lift the limits from everyone" >&2; exit 2; }
  [ -z "$network" ] \
    || { echo "nginx-conf.sh: TRUSTED: $entry has host bits set; the network is $network (or give the address alone)" >&2; exit 2; }
  echo "$entry"
}

# The geo block's lines: each TRUSTED address or CIDR, not limited (0).
trusted=
IFS=, read -ra entries <<< "${TRUSTED:-}"
for entry in "${entries[@]}"; do
  entry=${entry// /}
  [ -n "$entry" ] || continue
  entry=$(trusted_entry "$entry") || exit 2
  trusted+="    $entry 0;\n"
done
[ -n "$trusted" ] || trusted="    # (none: TRUSTED not set)\n"
[ -n "$zones" ] || zones="# (no per-address limits: LIMITS=off)\n"
# A refusal is counted by /metrics; at nginx's default level (error) each would
# also write a line to the error log, 100,000 lines for a 15 s flood.
[ -n "$limits" ] && limits+="        limit_req_log_level info;\n        limit_conn_log_level info;\n"
[ -n "$limits" ] || limits="        # (no per-address limits: LIMITS=off)\n"
[ -n "$server_limits" ] && server_limits+="    limit_conn_log_level info;\n"
[ -n "$server_limits" ] || server_limits="    # (no per-address limit on every path: LIMITS=off)\n"

# The connections nginx holds, from this machine (docs/limits.md, "Connections").
# Descriptors: RLIMIT_NOFILE's hard limit here (nginx's workers raise theirs to
# worker_rlimit_nofile); a connection may take two (a client's, and its
# backend's or a temp file), and the cache's open files (open_file_cache) in
# its two locations twice OPEN_CACHE_FILES. Memory: a quarter of the RAM over the
# workers (one a core), at 40 KiB a connection, the most one can hold while
# its headers are read (large_client_header_buffers 4 8k, a 1 KiB first buffer
# and nginx's own structures). At most 32,768 a worker.
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=$(cat /proc/sys/fs/nr_open)
open_files=$(( 2 * OPEN_CACHE_FILES ))
worker_connections=$(( (nofile - open_files - 64) / 2 ))
by_memory=$(( $(awk '/^MemTotal:/ { print $2 }' /proc/meminfo) / 4 / $(nproc) / 40 ))
(( by_memory < worker_connections )) && worker_connections=$by_memory
(( worker_connections > 32768 )) && worker_connections=32768
rlimit_nofile=$(( 2 * worker_connections + open_files + 64 ))

# tls LISTEN ROOT HOST: the server's lines for HTTPS with HTTP/2 under Mozilla's
# "intermediate" profile, and the redirect of plain HTTP to it (TLS_REDIRECT)
# at https://HOST (the site's server name, make run's listen address), never
# at the Host header the client sent: that would send a client where
# whoever wrote its request wanted; or a comment when TLS_* are not set.
tls() {
  if [ -z "${TLS_LISTEN:-}${TLS_CERT:-}${TLS_KEY:-}" ]; then
    echo "    # (no HTTPS: TLS_LISTEN, TLS_CERT and TLS_KEY not set)"
    return
  fi
  local file port= redirect=${TLS_REDIRECT:-on}
  [ -n "${TLS_LISTEN:-}" ] && [ -n "${TLS_CERT:-}" ] && [ -n "${TLS_KEY:-}" ] \
    || { echo "nginx-conf.sh: HTTPS needs all of TLS_LISTEN, TLS_CERT and TLS_KEY" >&2; exit 2; }
  for file in "$TLS_CERT" "$TLS_KEY"; do
    [ -r "$file" ] || { echo "nginx-conf.sh: cannot read $file" >&2; exit 2; }
    [[ $file =~ ^[A-Za-z0-9._/+-]+$ ]] || { echo "nginx-conf.sh: a TLS file's path may hold letters, digits and ._/+- only: $file" >&2; exit 2; }
  done
  [[ $redirect =~ ^(on|off)$ ]] || { echo "nginx-conf.sh: TLS_REDIRECT must be on or off, not: $redirect" >&2; exit 2; }
  printf '    listen %s ssl http2;\\n    ssl_certificate %s;\\n    ssl_certificate_key %s;\\n    include %s/nginx/tls-intermediate.conf;' \
    "$1" "$TLS_CERT" "$TLS_KEY" "$2"
  [ "$redirect" = on ] || return 0
  [[ $3 =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] \
    || { echo "nginx-conf.sh: TLS_REDIRECT=on redirects to the first server name, which must be a host name (example.org), not: ${3:-(none)}; or set TLS_REDIRECT=off" >&2; exit 2; }
  # The port HTTPS is on, in the redirect's URL unless it is 443.
  [[ $1 =~ ^(\[[0-9A-Fa-f:.]*\]:|[^\ :]*:)?([0-9]+)(\ |$) ]] && port=${BASH_REMATCH[2]}
  [ "$port" = 443 ] && port=
  printf '\\n    # Plain HTTP is redirected (308 keeps the method and the body) but for\\n    # /metrics (loopback scrapers) and ACME'"'"'s http-01 challenges.\\n    if ($stickertext_plain_http) {\\n        return 308 https://%s%s$request_uri;\\n    }' \
    "$3" "${port:+:$port}"
}

# over LIMIT: a regex (for a map) of the decimal numbers over LIMIT, no leading
# zero: more digits, or as many and a greater digit after an equal prefix (the
# number's end is the map's to say).
over() {
  local limit=$1 digits=${#1} i d alternatives
  alternatives="[1-9][0-9]{$digits,}"
  for (( i = 0; i < digits; i++ )); do
    d=${limit:i:1}
    (( d < 9 )) || continue
    alternatives+="|${limit:0:i}[$(( d + 1 ))-9]"
    (( digits - i - 1 > 0 )) && alternatives+="[0-9]{$(( digits - i - 1 ))}"
  done
  echo "^(?:$alternatives)"
}

# metrics PATH BACKEND: a location for a scraper on this host (loopback only)
# that passes PATH to BACKEND's /metrics (an upstream, or unix:SOCKET, or HOST:PORT).
metrics() {
  local rewrite=
  [ "$1" = /metrics ] || rewrite="        rewrite ^ /metrics break;  # what the backend answers: DOCUMENT_URI\n"
  printf '    location = %s {\n        allow 127.0.0.1;\n        allow ::1;\n        deny all;\n%s        fastcgi_pass %s;\n%s\n    }\n' \
    "$1" "$rewrite" "$2" '        include /etc/nginx/fastcgi_params;\n        fastcgi_param HTTP_PROXY "";'
}

# packs_folder DEFAULT: PACKS, or DEFAULT, without a trailing slash; refused
# unless it is an absolute path of plain characters, as it goes into the
# site's text (a space, a quote or a semicolon would end the directive).
packs_folder() {
  local packs=${PACKS:-$1}
  [[ $packs =~ ^/[A-Za-z0-9._/+-]+$ ]] && [[ ! $packs =~ (^|/)\.\.?(/|$) ]] \
    || { echo "nginx-conf.sh: PACKS must be an absolute path of letters, digits and ._/+- (no . or .. part): $packs" >&2; exit 2; }
  while [[ $packs == */ && $packs != / ]]; do packs=${packs%/}; done
  [ "$packs" != / ] || { echo "nginx-conf.sh: PACKS cannot be /" >&2; exit 2; }
  echo "$packs"
}

# site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT CACHE_DIR [TLS_LISTEN REDIRECT_HOST]
# REDIRECT_HOST: where plain HTTP is redirected; SERVER_NAME's first name unless given.
site() {
  local out=$1 root=$2 listen=$3 name=$4 backends=$5 limit=$6 cache=$7 tls_listen=${8:-${TLS_LISTEN:-}} servers= large= host https
  local redirect_host=${9:-${4%% *}}
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
        # The hottest cache files stay open between hits (an entry is never
        # rewritten with other content, since its key names the version), but
        # only $OPEN_CACHE_FILES of them a worker: a file the cache manager deletes stays
        # on disk while it is open, and with 5,000 open a flood of unique 1 MiB
        # fragments held 2.7 GB of deleted files beside the cache's 256 MiB.
        # So a worker holds at most $OPEN_CACHE_FILES in each of the two cached locations:
        # fragments of 1 MiB at most, lists of stickers, packs documents
        # (docs/limits.md, Disk).
        open_file_cache max=$OPEN_CACHE_FILES inactive=10m;
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
  local too_large='^(?!)'  # none: 0 is nginx's "no limit"
  [[ $limit =~ ^0*$ ]] || too_large=$(over "$((10#$limit))")
  https=$(tls "$tls_listen" "$root" "$redirect_host") || exit 2
  sed -e "s|@ROOT@|$root|g" -e "s|@LISTEN@|$listen|g" -e "s|@SERVER_NAME@|$name|g" -e "s|@HTTPS@|$https|" \
    -e "s|@UPSTREAM_SERVERS@|${servers%\\n}|" -e "s|@LARGE_UPSTREAM_SERVERS@|${large%\\n}|" \
    -e "s|@LIMIT_ZONES@|${zones%\\n}|" -e "s|@API_LIMITS@|${limits%\\n}|" -e "s|@TRUSTED@|${trusted%\\n}|" \
    -e "s|@SERVER_LIMITS@|${server_limits%\\n}|" -e "s|@ANSWER_LIMIT@|$answer_limit|g" \
    -e "s|@REJECTION_LOG@|$rejections|" -e "s|@API_CACHE@|$api_cache|" -e "s|@METRICS@|${metrics_locations//$'\n'/\\n}|" \
    -e "s|@CACHE_DIR@|$cache|" -e "s|@BODY_LIMIT@|$limit|g" -e "s#@BODY_TOO_LARGE@#$too_large#" -e "s|@SITE_ROOT@|$site_root|g" -e "s|@PACKS@|$packs|g" \
    "$templates/site.conf.template" > "$out"
}

# connections NGINX_CONF: worker_connections and worker_rlimit_nofile in an
# nginx.conf (Debian's: events{} and the main context are not the site's) raised
# to this machine's sizes, never lowered; the file as it was kept beside it once.
connections() {
  local conf=$1 current
  [ -f "$conf" ] || { echo "nginx-conf.sh: no such nginx.conf: $conf" >&2; exit 2; }
  [ -e "$conf.before-stickertext" ] || cp -p "$conf" "$conf.before-stickertext"
  current=$(sed -n 's/^[[:space:]]*worker_connections[[:space:]]\{1,\}\([0-9]\{1,\}\);.*/\1/p' "$conf" | head -n 1)
  if [ -z "$current" ]; then
    echo "nginx-conf.sh: $conf has no worker_connections line in its events{}; set it to $worker_connections" >&2
  elif (( current < worker_connections )); then
    sed -i "s/^\([[:space:]]*worker_connections[[:space:]]\{1,\}\)[0-9]\{1,\};/\1$worker_connections;/" "$conf"
  fi
  current=$(sed -n 's/^[[:space:]]*worker_rlimit_nofile[[:space:]]\{1,\}\([0-9]\{1,\}\);.*/\1/p' "$conf" | head -n 1)
  if [ -z "$current" ]; then
    sed -i "0,/^[[:space:]]*worker_processes\b.*/s//&\nworker_rlimit_nofile $rlimit_nofile;/" "$conf"
    grep -q '^worker_rlimit_nofile ' "$conf" || sed -i "1i worker_rlimit_nofile $rlimit_nofile;" "$conf"
  elif (( current < rlimit_nofile )); then
    sed -i "s/^\([[:space:]]*worker_rlimit_nofile[[:space:]]\{1,\}\)[0-9]\{1,\};/\1$rlimit_nofile;/" "$conf"
  fi
}

if [ "${1:-}" = --packs ]; then
  [ $# -eq 1 ] || { echo "usage: PACKS=FOLDER nginx-conf.sh --packs" >&2; exit 2; }
  packs_folder ""
  exit 0
fi
if [ "${1:-}" = --connections ]; then
  [ $# -eq 2 ] || { echo "usage: nginx-conf.sh --connections NGINX_CONF" >&2; exit 2; }
  connections "$2"
  exit 0
fi
if [ "${1:-}" = --site ]; then
  [ $# -eq 8 ] || { echo "usage: nginx-conf.sh --site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT CACHE_DIR" >&2; exit 2; }
  shift
  site_root=$2/public  # ROOT (after OUT): the installed copy of the built site
  packs=$(packs_folder "$2/public/stickers") || exit 2
  site "$@"
  exit 0
fi
[ $# -eq 5 ] || { echo "usage: nginx-conf.sh ROOT RUN_DIR PORT BACKENDS BODY_LIMIT" >&2; exit 2; }
root=$1 run=$2 port=$3 backends=$4 limit=$5
site_root=$root/.build/site
packs=$(packs_folder "$root/public/stickers") || exit 2
[ -d "$packs" ] || { echo "nginx-conf.sh: PACKS is not a folder: $packs" >&2; exit 2; }
mkdir -p "$run"
site "$run/site.conf" "$root" "127.0.0.1:$port" localhost "$backends" "$limit" "$run/cache" \
  "${TLS_LISTEN:+127.0.0.1:$TLS_LISTEN}" 127.0.0.1
# nginx's workers: NGINX_USER and its group, which run.sh gives as root (make run: www-data, the
# sockets' group); else the user who runs it (not root: nginx cannot change user), or, given as
# root without NGINX_USER (the benchmarks, the tests' own service), root, whose sockets they are.
user="# (workers: the user who runs it, as nginx is not started as root)"
if [ -n "${NGINX_USER:-}" ]; then
  [[ $NGINX_USER =~ ^[a-z_][a-z0-9_-]*$ ]] && group=$(id -gn "$NGINX_USER" 2>/dev/null) \
    || { echo "nginx-conf.sh: NGINX_USER is not a user of this machine: $NGINX_USER" >&2; exit 2; }
  user="user $NGINX_USER $group;  # the sockets' group, mode 0660 (run.sh)"
elif [ "$(id -u)" -eq 0 ]; then
  user="user root;  # the user who runs it: the sockets are root's, mode 0660"
fi
sed -e "s|@RUN@|$run|g" -e "s|@USER@|$user|" -e "s|@WORKER_CONNECTIONS@|$worker_connections|" \
  -e "s|@RLIMIT_NOFILE@|$rlimit_nofile|" "$templates/nginx.conf.template" > "$run/nginx.conf"
