import { Form, useSubmit } from "@remix-run/react";
import { DATE_RANGES } from "~/goals/goal-rules";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { buttonClass } from "../ui/button";
import { Select } from "../ui/input";
import { PageLinks } from "../ui/page-links";

// The Previous Goals list's date-range filter and pagination: plain GET forms and links.

export function RangeFilter({ range }: { range: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      className="flex items-center gap-2"
      onChange={(e) => submit(e.currentTarget)}
    >
      <label htmlFor="range" className="text-sm font-medium">
        Date range
      </label>
      <Select id="range" name="range" defaultValue={range} className="w-40">
        {DATE_RANGES.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </Select>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("outline", "sm")}>
          Apply
        </button>
      )}
    </Form>
  );
}

export function Pagination({
  page,
  pages,
  summary,
  range,
}: {
  page: number;
  pages: number;
  summary: string;
  range: string;
}) {
  return (
    <PageLinks
      label="Previous goals pages"
      page={page}
      pages={pages}
      summary={summary}
      href={(p) => `?${new URLSearchParams({ range, page: String(p) })}`}
    />
  );
}
