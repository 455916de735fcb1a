/** The machine's Chromium, run headless and quiet: no GPU, no QUIC, no background traffic. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const HEADLESS_CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
