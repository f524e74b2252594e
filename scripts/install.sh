#!/usr/bin/env bash
# `make install`: the server, the CLI, the public files, the systemd unit and
# the nginx site, into a standard layout under DESTDIR + PREFIX. The unit
# (systemd/stickertext.service.template) and the site (nginx/site.conf.template,
# the same text `make run` serves) are written here from one set of values, so
# their socket path, body limit, answer limit and packs folder cannot disagree.
#
# Environment (defaults in brackets):
#   PREFIX       where it runs from [/usr/local]
#   DESTDIR      staging root prepended to every path written, not to the paths written into files []
#   SYSCONFDIR   [/etc for PREFIX /usr or /usr/local, else PREFIX/etc]
#   BIN_DIR      the built stickertext and stickertext-server [.build/install/release, what make install builds]
#   LISTEN       nginx's listen [80]
#   SERVER_NAME  nginx's server_name [localhost]
#   BODY_LIMIT   the largest request body, for nginx and the server alike [1048576]
#   CACHE_DIR    nginx's cache of the GETs [/var/cache/stickertext for PREFIX /usr or
#                /usr/local, else PREFIX/var/cache/stickertext]; nginx makes it for its workers
#   PACKS        the packs folder, the operator's: the server reads it (the unit's --packs) and nginx
#                serves its pictures under /stickers/ [/var/lib/stickertext/packs for PREFIX /usr or
#                /usr/local, else PREFIX/var/lib/stickertext/packs]. Made with the default packs when
#                it is not there; never changed after that, by this or a later install
#   RATE_LIMIT, LARGE_RATE_LIMIT, CONN_LIMIT, SITE_CONN_LIMIT, LIMITS, TRUSTED
#                the site's per-address limits and the addresses they skip, read by scripts/nginx-conf.sh
#   TLS_LISTEN, TLS_CERT, TLS_KEY, TLS_REDIRECT
#                HTTPS with HTTP/2 on TLS_LISTEN (443, say), read by scripts/nginx-conf.sh
#   ANSWER_LIMIT the largest answer, for the server (--answer-limit) and nginx (what it buffers on
#                disk for a request) alike [16777216, scripts/nginx-conf.sh's]
#   NGINX_GROUP  the group nginx's workers run as, the sockets' group (the unit's Group=) [www-data]
#
# SYSCONFDIR/nginx/nginx.conf, where there is one (Debian's), gets worker_connections
# and worker_rlimit_nofile sized from the machine (raised, never lowered; the file as
# it was is kept beside it as nginx.conf.before-stickertext): the site cannot set them.
#
#   PREFIX/bin/stickertext-server, PREFIX/bin/stickertext
#   PREFIX/share/stickertext/public/           the page as built (.build/site: make install builds it), openapi.yaml, the
#                                              default packs as released (public/stickers: nginx serves only the page's icon from them)
#   PACKS/                                     the packs, seeded with the default packs only if it is not there
#   PREFIX/share/stickertext/nginx/*.conf      what the site includes
#   PREFIX/share/doc/stickertext/operations.md
#   PREFIX/lib/systemd/system/stickertext.service
#   SYSCONFDIR/nginx/sites-available/stickertext
#   SYSCONFDIR/default/stickertext             the knobs (STICKERTEXT_OPTS), only if not there yet
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${PREFIX:-/usr/local}
prefix=${prefix%/}
[[ $prefix == /* ]] || { echo "install.sh: PREFIX must be an absolute path: $prefix" >&2; exit 2; }
destdir=${DESTDIR:-}
case $prefix in
  /usr | /usr/local) sysconfdir=${SYSCONFDIR:-/etc} cachedir=${CACHE_DIR:-/var/cache/stickertext}
    packs=${PACKS:-/var/lib/stickertext/packs} ;;
  *) sysconfdir=${SYSCONFDIR:-$prefix/etc} cachedir=${CACHE_DIR:-$prefix/var/cache/stickertext}
    packs=${PACKS:-$prefix/var/lib/stickertext/packs} ;;
esac
[[ $cachedir == /* ]] || { echo "install.sh: CACHE_DIR must be an absolute path: $cachedir" >&2; exit 2; }
# Checked (and its trailing slash dropped) as the site takes it: one value for the site and the unit.
packs=$(PACKS=$packs "$root/scripts/nginx-conf.sh" --packs) || exit 2
bin_dir=${BIN_DIR:-$root/.build/install/release}
[[ $bin_dir == /* ]] || bin_dir=$root/$bin_dir
listen=${LISTEN:-80}
server_name=${SERVER_NAME:-localhost}
limit=${BODY_LIMIT:-1048576}
answer_limit=$("$root/scripts/nginx-conf.sh" --answer-limit)
export ANSWER_LIMIT=$answer_limit
group=${NGINX_GROUP:-www-data}
[[ $group =~ ^[a-z_][a-z0-9_-]*$ ]] || { echo "install.sh: NGINX_GROUP is not a group name: $group" >&2; exit 2; }
# RuntimeDirectory=stickertext in the unit: systemd makes /run/stickertext for the master.
socket=/run/stickertext/stickertext.sock

bindir=$prefix/bin
datadir=$prefix/share/stickertext
docdir=$prefix/share/doc/stickertext
unitdir=$prefix/lib/systemd/system

for program in stickertext-server stickertext; do
  [ -x "$bin_dir/$program" ] || { echo "install.sh: $bin_dir/$program is not built (make install builds it; or set BIN_DIR)" >&2; exit 1; }
done

install -d "$destdir$bindir" "$destdir$datadir/nginx" "$destdir$docdir" "$destdir$unitdir" \
  "$destdir$sysconfdir/nginx/sites-available" "$destdir$sysconfdir/default" "$destdir$(dirname "$cachedir")"
install -m 0755 "$bin_dir/stickertext-server" "$bin_dir/stickertext" "$destdir$bindir/"

# The page as tools/build-page.mjs built it (its links to public/'s packs and
# openapi.yaml followed, copied) replaces what an older install left, so removed files go too.
[ -f "$root/.build/site/index.html" ] \
  || { echo "install.sh: the page is not built (make install builds it: node tools/build-page.mjs)" >&2; exit 1; }
rm -rf "$destdir$datadir/public"
cp -RL "$root/.build/site" "$destdir$datadir/public"
chmod -R u=rwX,go=rX "$destdir$datadir/public"
# Every file the site includes (the templates are filled in, not included).
for conf in "$root"/nginx/*.conf; do
  install -m 0644 "$conf" "$destdir$datadir/nginx/"
done
install -m 0644 "$root/docs/operations.md" "$destdir$docdir/"

# The packs are the operator's: the default packs go in once, when there is no packs folder yet (a
# copy beside it, then renamed into place: never half made). An install over an older one keeps
# the folder as it is, packs added, changed or removed.
packs_note="kept as it was"
if [ ! -e "$destdir$packs" ]; then
  install -d "$(dirname "$destdir$packs")"
  seed=$(mktemp -d "$destdir$packs.new-XXXXXX")
  { cp -R "$root/public/stickers/." "$seed/" &&
    chmod -R u=rwX,go=rX "$seed" &&  # the service's user (made anew for it) and nginx's workers read it
    mv -T "$seed" "$destdir$packs"; } || { rm -rf "$seed"; echo "install.sh: could not make $destdir$packs" >&2; exit 1; }
  packs_note="made with the default packs"
fi

PACKS=$packs "$root/scripts/nginx-conf.sh" --site "$destdir$sysconfdir/nginx/sites-available/stickertext" \
  "$datadir" "$listen" "$server_name" "$socket" "$limit" "$cachedir"
chmod 0644 "$destdir$sysconfdir/nginx/sites-available/stickertext"

sed -e "s|@BINDIR@|$bindir|g" -e "s|@SOCKET@|$socket|g" -e "s|@BODY_LIMIT@|$limit|g" -e "s|@ANSWER_LIMIT@|$answer_limit|g" \
  -e "s|@NGINX_GROUP@|$group|g" -e "s|@PACKS@|$packs|g" \
  -e "s|@SYSCONFDIR@|$sysconfdir|g" -e "s|@DOCDIR@|$docdir|g" \
  "$root/systemd/stickertext.service.template" > "$destdir$unitdir/stickertext.service"
chmod 0644 "$destdir$unitdir/stickertext.service"

# The connections nginx holds, sized from this machine: they are nginx.conf's, not the site's.
nginx_conf=$destdir$sysconfdir/nginx/nginx.conf
connections="(no $sysconfdir/nginx/nginx.conf: set its worker_connections and worker_rlimit_nofile as docs/limits.md says)"
if [ -f "$nginx_conf" ]; then
  "$root/scripts/nginx-conf.sh" --connections "$nginx_conf"
  connections="worker_connections $(sed -n 's/^[[:space:]]*worker_connections[[:space:]]*\([0-9]*\);.*/\1/p' "$nginx_conf" | head -n 1), worker_rlimit_nofile $(sed -n 's/^worker_rlimit_nofile[[:space:]]*\([0-9]*\);.*/\1/p' "$nginx_conf" | head -n 1)"
fi

# The knobs are the operator's: written once, never overwritten.
defaults=$destdir$sysconfdir/default/stickertext
if [ ! -e "$defaults" ]; then
  cat > "$defaults" <<DEFAULTS
# Options for stickertext-server, read by stickertext.service; then
# \`systemctl restart stickertext\`. See $docdir/operations.md.
# The socket path, the body limit, the answer limit and the packs folder ($packs) are set in the
# unit and in the nginx site together: change them with \`make install BODY_LIMIT=… PACKS=…\`, not here.
#STICKERTEXT_OPTS="--workers 4 --threads 4 --max-requests 0 --shutdown-grace 20"
STICKERTEXT_OPTS=""
DEFAULTS
  chmod 0644 "$defaults"
fi

echo "installed stickertext under $destdir$prefix:"
echo "  $bindir/stickertext-server, $bindir/stickertext"
echo "  $datadir/{public,nginx}"
echo "  $packs: the packs ($packs_note)"
echo "  $unitdir/stickertext.service"
echo "  $sysconfdir/nginx/sites-available/stickertext ($listen, socket $socket, body limit $limit)"
echo "  $sysconfdir/nginx/nginx.conf: $connections"
echo "  $sysconfdir/default/stickertext"
