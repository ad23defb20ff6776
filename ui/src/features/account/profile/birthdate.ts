/** The three dropdowns of the birthdate (day, month, year), as text; "" is unset. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** `YYYY-MM-DD` into its parts (unset parts for anything else). */
export function splitDate(value: string | null | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return { day: "", month: "", year: "" };
  return { year: match[1] ?? "", month: String(Number(match[2])), day: String(Number(match[3])) };
}

/** The days of a month (31 while the month or year is not chosen). */
export function daysIn(parts: Pick<DateParts, "month" | "year">): number {
  const month = Number(parts.month);
  if (!month) return 31;
  const year = Number(parts.year) || 2000; // a leap year: 29 February stays possible
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The parts as `YYYY-MM-DD`; null when none is chosen (no birthdate), "partial" when only
 * some are.
 */
export function joinDate(parts: DateParts): string | null | "partial" {
  const set = [parts.day, parts.month, parts.year].filter((p) => p !== "").length;
  if (set === 0) return null;
  if (set < 3) return "partial";
  return `${parts.year}-${parts.month.padStart(2, "0")}-${parts.day.padStart(2, "0")}`;
}
