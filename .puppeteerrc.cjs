/**
 * Puppeteer (pa11y's browser driver, e2e/pa11y) never downloads a browser: installs run without
 * internet except the npm registry, and the suites drive Debian's Chromium (/usr/bin/chromium).
 * Puppeteer reads this file from the working directory upwards, during `pnpm install` too.
 */
module.exports = { skipDownload: true, chrome: { skipDownload: true }, 'chrome-headless-shell': { skipDownload: true } };
