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

/**
 * Rows of RFC 4180 CSV text: quoted cells may hold commas, doubled quotes and line breaks; CRLF or LF
 * ends a row; a last empty line is no row.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"' && (quoted || cell === "")) quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ",") endCell();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}
