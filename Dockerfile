# syntax=docker/dockerfile:1
# Web (edge) image: builds the app with Node, serves dist/ with nginx and proxies /api/ to the API.
#   docker build -t task-plan-web .
#   docker run -p 8080:8080 -e API_UPSTREAM=http://api:8080 task-plan-web
# Runtime environment (see docs/deploy.md): API_UPSTREAM, NGINX_PORT, ASSET_ORIGIN, EDGE_SMS_RATE,
# EDGE_SMS_BURST, EDGE_LOGIN_RATE, EDGE_LOGIN_BURST.

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

# nginx as an unprivileged user (uid 101): listens on 8080, pid and temp files under /tmp.
FROM nginxinc/nginx-unprivileged:stable-alpine AS web
# The image's entrypoint renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with
# envsubst at every start; the filter keeps nginx's own $variables out of it.
# NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 makes the entrypoint export NGINX_LOCAL_RESOLVERS (the DNS
# servers of /etc/resolv.conf), which the template's `resolver` uses to follow the API's address.
ENV NGINX_PORT=8080 \
    API_UPSTREAM=http://api:8080 \
    WEB_ROOT=/usr/share/nginx/html \
    ASSET_ORIGIN="" \
    NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 \
    NGINX_ACCESS_LOG=/var/log/nginx/access.log \
    EDGE_SMS_RATE=6r/m \
    EDGE_SMS_BURST=10 \
    EDGE_LOGIN_RATE=20r/m \
    EDGE_LOGIN_BURST=20 \
    NGINX_ENVSUBST_FILTER="^(NGINX_PORT|API_UPSTREAM|WEB_ROOT|ASSET_ORIGIN|NGINX_LOCAL_RESOLVERS|NGINX_ACCESS_LOG|EDGE_SMS_RATE|EDGE_SMS_BURST|EDGE_LOGIN_RATE|EDGE_LOGIN_BURST)\$"
COPY nginx/templates/ /etc/nginx/templates/
COPY nginx/snippets/ /etc/nginx/snippets/
COPY --from=build /app/dist/ /usr/share/nginx/html/
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null "http://127.0.0.1:${NGINX_PORT}/nginx-health" || exit 1
