# syntax=docker/dockerfile:1
# Web (edge) image: builds the app with Node, serves dist/ with nginx and proxies /api/ to the API.
#   docker build -t task-plan-web .
#   docker run -p 8080:8080 -e API_UPSTREAM=http://api:8080 task-plan-web
# Runtime environment: the settings of nginx/edge.sh (API_UPSTREAM or API_SERVERS, the EDGE_* rate
# limits, ...), each with its default there; docs/deploy.md, "web", says what each does.

FROM node:24-trixie-slim AS build
WORKDIR /app
# Dependencies first, so a source change does not reinstall them (the server workspace is part of
# the lockfile, so its package.json must be present for `npm ci`).
COPY package.json package-lock.json ./
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
# Optional CDN origin for the hashed assets, baked into index.html at build time (docs/deploy.md).
ARG ASSET_BASE_URL=""
ENV ASSET_BASE_URL=${ASSET_BASE_URL}
RUN npm run build:web

# nginx as an unprivileged user (uid 101): listens on 8080, its configuration, pid and temporary
# files under /tmp/nginx.
FROM nginxinc/nginx-unprivileged:stable-alpine AS web
# The start-up steps are nginx/edge.sh, the same script a deployment without Docker runs (systemd,
# deploy/systemd/): it takes the DNS servers of /etc/resolv.conf for nginx's resolver (unless
# NGINX_LOCAL_RESOLVERS says otherwise), writes the upstream block of API_SERVERS, renders the main
# nginx.conf and the site from templates/ with envsubst limited to its own variables (nginx's own
# $variables are left alone), checks them with nginx -t and runs nginx in the foreground. It
# replaces the image's own entrypoint and its /etc/nginx/templates step. Defaults: edge.sh.
ENV NGINX_CONF_DIR=/tmp/nginx \
    WEB_ROOT=/usr/share/nginx/html
COPY nginx/edge.sh /etc/nginx/edge.sh
COPY nginx/templates/ /etc/nginx/templates/
COPY nginx/snippets/ /etc/nginx/snippets/
COPY --from=build /app/dist/ /usr/share/nginx/html/
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null "http://127.0.0.1:${NGINX_PORT:-8080}/nginx-health" || exit 1
ENTRYPOINT ["/etc/nginx/edge.sh"]
CMD ["run"]
