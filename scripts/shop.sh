#!/usr/bin/env bash
# The README's two commands:
#   scripts/shop.sh start   install what is needed, build, and serve the shop with demo data
#   scripts/shop.sh test    install what is needed and run every check and test
# Works on a fresh Debian machine with Node 20 and npm; everything else is installed here.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=9.15.9
log() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [[ "$(pnpm --version)" == 9.* ]]; then
    PNPM=(pnpm)
  elif npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1 && command -v pnpm >/dev/null 2>&1; then
    PNPM=(pnpm)
  else
    # No write access to npm's global folder: run pnpm through npx instead.
    PNPM=(npx --yes "pnpm@$PNPM_VERSION")
  fi
}

install_deps() {
  log "Installing dependencies (frozen lockfile)"
  # Browsers come from Debian's chromium package, never from Playwright's or Puppeteer's (pa11y's)
  # downloads (.puppeteerrc.cjs says the same to Puppeteer's install script).
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 "${PNPM[@]}" install --frozen-lockfile
}

ensure_chromium() {
  if [[ -x /usr/bin/chromium ]]; then return; fi
  log "Installing Chromium (Debian package) for the browser tests"
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq chromium >/dev/null
}

# Java for the Nu HTML checker (vnu-jar, e2e/specs/html-checker.spec.ts), from Debian. vnu-jar's
# own postinstall (a JRE download from GitHub) never runs: package.json's neverBuiltDependencies.
ensure_java() {
  if command -v java >/dev/null 2>&1; then return; fi
  log "Installing Java (Debian package) for the HTML checker"
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq default-jre-headless >/dev/null
}

# nginx for the heavy suite's item (nx) (apps/api/heavy/nginx-cache.ts): deploy/nginx.conf run in front
# of two API processes. Debian's nginx-light; when it cannot be installed the item says NOT CHECKED.
ensure_nginx() {
  if [[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null 2>&1; then return; fi
  log "Installing nginx (Debian package) for the shared-cache test"
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" apt-get install -y -qq nginx-light >/dev/null; } ||
    echo "nginx could not be installed: the heavy item (nx) will say NOT CHECKED" >&2
}

case "${1:-}" in
  start)
    ensure_pnpm
    install_deps
    log "Building and starting the shop on http://localhost:${PORT:-3000}"
    exec "${PNPM[@]}" start
    ;;
  test)
    ensure_pnpm
    ensure_java
    install_deps
    ensure_chromium
    ensure_nginx
    # Reports of an earlier run must not count; turbo restores those of cached runs.
    rm -rf packages/*/test-results apps/*/test-results e2e/test-results
    status=0
    log "Build"
    "${PNPM[@]}" exec turbo run build --output-logs=errors-only --concurrency=2 || status=$?
    # The unit and route tests and the browser suites side by side: one after the other, either
    # left the two cores half idle for minutes, and CI has 30 minutes. The browser suites are the
    # long pole and wait on pages more than they compute (alone: 12.8 min for 8 CPU-minutes), so
    # they keep the normal priority; everything beside them runs niced and fills the cores they
    # leave idle. At one priority all of it fought over two cores (load 17): the browser suites
    # took 19 min instead of 13, the SDK's pack test 526 s instead of 59, and CI 24.5 min.
    # The heavy suite times holds, cool-downs and rate windows: it keeps the normal priority too.
    # Each log is printed when its stage ends. `--only`: the builds are done (and not restored from
    # turbo's cache under the running servers).
    api_log=$(mktemp)
    unit_log=$(mktemp)
    log "API tests; lint, typecheck and the other unit tests (logs below when done), beside the end-to-end tests in Chromium"
    (
      nice -n 5 "${PNPM[@]}" --filter @otc/api run test:pglite &&
        nice -n 5 "${PNPM[@]}" --filter @otc/api run test:postgres &&
        "${PNPM[@]}" --filter @otc/api run test:heavy:quick
    ) >"$api_log" 2>&1 &
    api_pid=$!
    (
      # The long test runs first; lint and typecheck (short tasks) fill the end.
      rc=0
      nice -n 5 "${PNPM[@]}" exec turbo run test --only --output-logs=errors-only --continue --concurrency=2 \
        --filter='!@otc/api' >"$unit_log" 2>&1 || rc=$?
      nice -n 5 "${PNPM[@]}" exec turbo run lint typecheck --only --output-logs=errors-only --continue --concurrency=2 >>"$unit_log" 2>&1 || rc=$?
      exit $rc
    ) &
    unit_pid=$!
    if [[ -d e2e/specs ]]; then
      "${PNPM[@]}" --filter @otc/e2e e2e || status=$?
    fi
    unit_status=0
    wait "$unit_pid" || unit_status=$?
    api_status=0
    wait "$api_pid" || api_status=$?
    log "Lint, typecheck, unit tests"
    cat "$unit_log"
    log "API tests (PGlite, PostgreSQL, heavy)"
    cat "$api_log"
    rm -f "$unit_log" "$api_log"
    [[ $unit_status -eq 0 ]] || status=$unit_status
    [[ $api_status -eq 0 ]] || status=$api_status
    node scripts/test-summary.mjs || status=$?
    exit $status
    ;;
  *)
    echo "usage: scripts/shop.sh start|test" >&2
    exit 2
    ;;
esac
