/**
 * Puppeteer (under pa11y-ci in the browser suite) never downloads a browser at install time: the
 * npm registry is the only network, and the suite drives Debian's /usr/bin/chromium, passed to it
 * at launch (tests/e2e/specs/pa11y.test.ts). Puppeteer finds this file by looking up from where it
 * runs, install scripts included.
 * @type {import("puppeteer").Configuration}
 */
module.exports = {
  skipDownload: true,
};
