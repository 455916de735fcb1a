/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces. A cell
 * starting with = + - @ ; (or tab / carriage return) would run as a formula in a spreadsheet, so it
 * gets a leading apostrophe (OWASP's CSV injection advice); the apostrophe shows the text as typed.
 */
export function csvCell(value: string) {
  const guarded = /^[=+\-@;\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvLine(cells: readonly string[]) {
  return cells.map(csvCell).join(",");
}
