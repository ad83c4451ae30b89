#!/bin/sh
# The edge's start-up steps, one script for the image (its ENTRYPOINT) and for a deployment
# without Docker (systemd or a plain process, docs/deploy.md "Without Docker"):
#   1. the DNS servers nginx's resolver asks (NGINX_LOCAL_RESOLVERS; unset: those of /etc/resolv.conf;
#      set empty: no resolver, for an IP address or API_SERVERS);
#   2. an `upstream` block for the API replicas named in API_SERVERS, if any;
#   3. templates/*.template rendered with envsubst, limited to this script's variables (nginx's own
#      $variables are left alone), beside a copy of snippets/, into NGINX_CONF_DIR.
#
#   edge.sh render         renders and checks the configuration (nginx -t), prints where it is
#   edge.sh run [args]     renders, checks, then runs nginx in the foreground (the image's command)
#
# It reads templates/ and snippets/ beside itself (nginx/ in the repository, /etc/nginx in the
# image). Every problem is one line `<setting>: <what is wrong>; <what to do>.`, exit 1.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
nginx_bin=${NGINX_BIN:-nginx}

# ---- the settings and their defaults (docs/deploy.md, "web") --------------------------------
: "${NGINX_CONF_DIR:=${TMPDIR:-/tmp}/taskplan-edge}"
: "${NGINX_PORT:=8080}"
: "${WEB_ROOT:=/usr/share/nginx/html}"
: "${ASSET_ORIGIN:=}"
: "${NGINX_ACCESS_LOG:=/var/log/nginx/access.log}"
: "${EDGE_SMS_RATE:=6r/m}"
: "${EDGE_SMS_BURST:=10}"
: "${EDGE_LOGIN_RATE:=20r/m}"
: "${EDGE_LOGIN_BURST:=20}"
: "${EDGE_ACCOUNT_RATE:=10r/m}"
: "${EDGE_ACCOUNT_BURST:=10}"
: "${EDGE_EXPORT_RATE:=2r/m}"
: "${EDGE_EXPORT_BURST:=3}"
# `on` adds includeSubDomains to HSTS (only when every subdomain serves HTTPS); `off` does not.
: "${EDGE_HSTS_INCLUDE_SUBDOMAINS:=off}"
: "${API_SERVERS:=}"
# The main nginx.conf: where nginx keeps its pid, error log and temporary files.
: "${NGINX_PID_FILE:=$NGINX_CONF_DIR/nginx.pid}"
: "${NGINX_ERROR_LOG:=stderr}"
: "${NGINX_TEMP_DIR:=$NGINX_CONF_DIR/temp}"
: "${NGINX_MIME_TYPES:=/etc/nginx/mime.types}"
: "${NGINX_WORKER_PROCESSES:=auto}"

problems=0
problem() {
  printf '%s\n' "$1" >&2
  problems=$((problems + 1))
}

# ---- 1. resolvers ----------------------------------------------------------------------------
if [ -z "${NGINX_LOCAL_RESOLVERS+set}" ]; then
  # As the nginx image's 15-local-resolvers.envsh: every nameserver line, IPv6 in brackets.
  NGINX_LOCAL_RESOLVERS=$(awk '$1 == "nameserver" { printf "%s ", ($2 ~ ":") ? "[" $2 "]" : $2 }' /etc/resolv.conf 2>/dev/null || true)
fi
NGINX_LOCAL_RESOLVERS=$(printf '%s' "$NGINX_LOCAL_RESOLVERS" | sed 's/^ *//; s/ *$//')
if [ -n "$NGINX_LOCAL_RESOLVERS" ]; then
  # A name in API_UPSTREAM is looked up again every 2 s: added and removed replicas are followed.
  NGINX_RESOLVER="resolver $NGINX_LOCAL_RESOLVERS valid=2s ipv6=off; resolver_timeout 5s;"
else
  NGINX_RESOLVER="# no resolver (NGINX_LOCAL_RESOLVERS is empty): API_UPSTREAM is an IP address or the API_SERVERS upstream"
fi

# ---- the edge limits: nginx's syntax, checked here so a bad value is named (and never inserts a directive)
one_line_matching() { [ "$(printf '%s\n' "$1" | wc -l)" -eq 1 ] && printf '%s\n' "$1" | grep -Eqx "$2"; }
for name in EDGE_SMS EDGE_LOGIN EDGE_ACCOUNT EDGE_EXPORT; do
  eval "rate=\${${name}_RATE} burst=\${${name}_BURST}"
  one_line_matching "$rate" '[1-9][0-9]*r/[sm]' ||
    problem "${name}_RATE: \"$rate\" is not a rate; set it to requests per second or minute as nginx writes them (6r/m, 2r/s)."
  one_line_matching "$burst" '[0-9]+' ||
    problem "${name}_BURST: \"$burst\" is not a whole number; set it to how many requests above the rate are let through at once (10)."
done
case "$EDGE_HSTS_INCLUDE_SUBDOMAINS" in
  on | off) ;;
  *) problem "EDGE_HSTS_INCLUDE_SUBDOMAINS: \"$EDGE_HSTS_INCLUDE_SUBDOMAINS\" is neither on nor off; set it to on (every subdomain serves HTTPS) or off." ;;
esac

# ---- 2. the API: one address, or an upstream block of replicas --------------------------------
API_POOL=taskplan_api
upstream_conf=""
if [ -n "$API_SERVERS" ]; then
  if [ -n "${API_UPSTREAM:-}" ] && [ "$API_UPSTREAM" != "http://$API_POOL" ]; then
    problem "API_UPSTREAM: set together with API_SERVERS; unset one (API_SERVERS makes API_UPSTREAM http://$API_POOL)."
  fi
  API_UPSTREAM="http://$API_POOL"
  upstream_conf="# The API replicas (API_SERVERS), rendered by edge.sh. A replica that refuses or fails is skipped
# for fail_timeout, and its request tried on the next one (proxy_next_upstream in default.conf).
upstream $API_POOL {
    zone $API_POOL 64k;"
  for server in $(printf '%s' "$API_SERVERS" | tr ',' ' '); do
    case "$server" in
      *:[0-9]*) upstream_conf="$upstream_conf
    server $server max_fails=1 fail_timeout=5s;" ;;
      *) problem "API_SERVERS: \"$server\" has no port; write each replica as host:port (10.0.0.5:8080), separated by spaces or commas." ;;
    esac
  done
  upstream_conf="$upstream_conf
    # Connections kept open to the replicas (the proxy snippets send HTTP/1.1 without Connection: close).
    keepalive 16;
}"
fi
: "${API_UPSTREAM:=http://api:8080}"

api_host=$(printf '%s' "$API_UPSTREAM" | sed -nE 's#^https?://(\[[0-9a-fA-F:.]+\]|[^/:]+)(:[0-9]+)?$#\1#p')
if [ -z "$api_host" ]; then
  problem "API_UPSTREAM: \"$API_UPSTREAM\" is not scheme://host:port without a path; set it so (a path would rewrite /api/...), e.g. http://127.0.0.1:8081."
elif [ -z "$NGINX_LOCAL_RESOLVERS" ] && [ "$api_host" != "$API_POOL" ] &&
  ! printf '%s' "$api_host" | grep -Eq '^([0-9]{1,3}\.){3}[0-9]{1,3}$|^\['; then
  problem "API_UPSTREAM: names the host $api_host, but NGINX_LOCAL_RESOLVERS is empty, so nginx cannot look it up; give an IP address, list the replicas in API_SERVERS, or unset NGINX_LOCAL_RESOLVERS."
fi

[ "$problems" -eq 0 ] || exit 1

# ---- 3. render --------------------------------------------------------------------------------
# The settings the templates use: exported, and the only ones envsubst substitutes (anything else
# written ${...} or $... stays for nginx). Each has its default above (NGINX_RESOLVER: step 1).
substituted='NGINX_PORT API_UPSTREAM WEB_ROOT ASSET_ORIGIN NGINX_RESOLVER NGINX_ACCESS_LOG
  EDGE_SMS_RATE EDGE_SMS_BURST EDGE_LOGIN_RATE EDGE_LOGIN_BURST EDGE_ACCOUNT_RATE EDGE_ACCOUNT_BURST
  EDGE_EXPORT_RATE EDGE_EXPORT_BURST EDGE_HSTS_INCLUDE_SUBDOMAINS
  NGINX_PID_FILE NGINX_ERROR_LOG NGINX_TEMP_DIR NGINX_MIME_TYPES NGINX_WORKER_PROCESSES'
# (unquoted: one word per name)
export $substituted
variables=$(printf '${%s} ' $substituted)

mkdir -p "$NGINX_CONF_DIR/conf.d" "$NGINX_CONF_DIR/snippets" "$NGINX_TEMP_DIR"
rm -f "$NGINX_CONF_DIR"/conf.d/*.conf
envsubst "$variables" <"$here/templates/nginx.conf.template" >"$NGINX_CONF_DIR/nginx.conf"
envsubst "$variables" <"$here/templates/default.conf.template" >"$NGINX_CONF_DIR/conf.d/default.conf"
[ -z "$upstream_conf" ] || printf '%s\n' "$upstream_conf" >"$NGINX_CONF_DIR/conf.d/api-upstream.conf"
cp "$here"/snippets/*.conf "$NGINX_CONF_DIR/snippets/"

if ! check=$("$nginx_bin" -t -q -c "$NGINX_CONF_DIR/nginx.conf" 2>&1); then
  printf '%s\n' "$check" >&2
  problem "nginx: the rendered configuration in $NGINX_CONF_DIR does not pass nginx -t (above); fix the setting it names."
  exit 1
fi

case "${1:-render}" in
  render) printf '%s\n' "$NGINX_CONF_DIR/nginx.conf" ;;
  run)
    shift
    exec "$nginx_bin" -c "$NGINX_CONF_DIR/nginx.conf" -g 'daemon off;' "$@"
    ;;
  *)
    problem "edge.sh: unknown command \"$1\"; use render or run."
    exit 1
    ;;
esac
