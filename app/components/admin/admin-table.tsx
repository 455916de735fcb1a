import type { ReactNode } from "react";

/** The admin tabs' table: a caption for screen readers, column headings, and a row for no rows. */
export function AdminTable({
  caption,
  columns,
  empty,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** Shown in place of the rows when there are none. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty === null ? (
            children
          ) : (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-muted-foreground">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
