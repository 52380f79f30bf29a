#!/usr/bin/env bash
# Installs what the project needs, idempotently: Bun at the pinned version, locked dependencies and (with --docker) a
# running Docker engine. The load generator is our own (generator/), built into an image offline by the runner.
set -euo pipefail
cd "$(dirname "$0")/.."

BUN_VERSION="$(tr -d '[:space:]' < .bun-version)"
DOCKER_WAIT_SECONDS="${DOCKER_WAIT_SECONDS:-60}"
DOCKERD_LOG="${DOCKERD_LOG:-/var/log/dockerd.log}"
DOCKERD_PIDFILE="${DOCKERD_PIDFILE:-/var/run/docker.pid}"
DOCKERD_STARTS=3
APT_LOG="${APT_LOG:-/tmp/bun-capacity-apt.log}"
say() { printf '[setup] %s\n' "$*" >&2; }

# apt's progress goes to a log; on failure its tail is shown.
apt_install() {
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >>"$APT_LOG" 2>&1; then
    tail -n 20 "$APT_LOG" >&2
    say "apt-get install $* failed (full log: $APT_LOG)"
    exit 1
  fi
}

ensure_bun() {
  if command -v bun >/dev/null 2>&1 && [ "$(bun --version 2>/dev/null)" = "$BUN_VERSION" ]; then return; fi
  command -v npm >/dev/null 2>&1 || { say "npm is needed to install Bun $BUN_VERSION (or install Bun $BUN_VERSION yourself: https://bun.sh)"; exit 1; }
  say "installing Bun $BUN_VERSION from the npm package 'bun'"
  local prefix=""
  # A non-root user without a writable global prefix gets Bun under ~/.bun-capacity instead.
  if [ "$(id -u)" != 0 ] && [ ! -w "$(npm prefix -g 2>/dev/null)" ]; then prefix="$HOME/.bun-capacity"; fi
  if [ -n "$prefix" ]; then
    npm install --silent --no-fund --no-audit -g --prefix "$prefix" "bun@$BUN_VERSION" >&2
    export PATH="$prefix/bin:$PATH"
    say "Bun is in $prefix/bin: add it to your PATH to call bun directly"
  else
    npm install --silent --no-fund --no-audit -g "bun@$BUN_VERSION" >&2
  fi
  hash -r
  [ "$(bun --version)" = "$BUN_VERSION" ] || { say "Bun $BUN_VERSION did not install (found: $(bun --version 2>&1))"; exit 1; }
}

ensure_deps() {
  # bun install is a no-op in well under a second when node_modules already matches bun.lock.
  bun install --frozen-lockfile --silent >&2
}

start_dockerd() {
  # A pid file left by an engine that is gone would stop the new one from starting.
  if [ -f "$DOCKERD_PIDFILE" ] && ! kill -0 "$(cat "$DOCKERD_PIDFILE" 2>/dev/null)" 2>/dev/null; then
    rm -f "$DOCKERD_PIDFILE"
  fi
  say "starting dockerd in the background (log: $DOCKERD_LOG)"
  nohup dockerd >>"$DOCKERD_LOG" 2>&1 &
}

ensure_docker() {
  if docker info >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" != 0 ] || [ ! -f /etc/debian_version ]; then
    say "Docker is not running. Start it (Docker Desktop, or 'sudo systemctl start docker') and run this again."
    exit 1
  fi
  if ! command -v dockerd >/dev/null 2>&1; then
    say "installing Debian's docker.io (the Docker engine)"
    apt_install docker.io
  fi
  # A dockerd process that does not answer is starting up or shutting down: wait for it to answer or to exit, and
  # start a fresh one once no dockerd is left (each start gets the full wait again).
  local starts=0 deadline=$((SECONDS + DOCKER_WAIT_SECONDS)) waiting_said=""
  while [ "$SECONDS" -lt "$deadline" ]; do
    if docker info >/dev/null 2>&1; then return; fi
    if ! pgrep -x dockerd >/dev/null 2>&1; then
      [ "$starts" -lt "$DOCKERD_STARTS" ] || break
      start_dockerd
      starts=$((starts + 1))
      deadline=$((SECONDS + DOCKER_WAIT_SECONDS))
    elif [ "$starts" = 0 ] && [ -z "$waiting_said" ]; then
      say "a dockerd is running but not answering (starting or shutting down): waiting for it"
      waiting_said=1
    fi
    sleep 1
  done
  say "dockerd did not answer within ${DOCKER_WAIT_SECONDS}s after $starts start(s); see $DOCKERD_LOG"
  exit 1
}

ensure_apt_tool() {
  # $1 = command, $2 = Debian package; only installed where tests need it.
  command -v "$1" >/dev/null 2>&1 && return
  if [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ]; then
    say "installing Debian's $2"
    apt_install "$2"
  else
    say "$1 is missing: install $2 to run the tests that need it"
  fi
}

ensure_bun
ensure_deps
for arg in "$@"; do
  case "$arg" in
    --docker) ensure_docker ;;
    --test-tools) ensure_apt_tool docker-compose docker-compose; ensure_apt_tool chromium chromium ;;
    *) say "unknown option $arg"; exit 2 ;;
  esac
done
