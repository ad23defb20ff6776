import { createContext, useContext, type ReactNode } from "react";
import type { IntlShape } from "react-intl";

/**
 * The app's own components write the page templates the server sends (see
 * `ssr/prerender.tsx`): rendered ahead of time in template mode, the places that show
 * server data write Jinja instead (`{{ store_name }}`, `{% if logo %}…{% endif %}`,
 * `{% for service in services %}…{% endfor %}`), and static-host fills them in for each
 * request from the API it is configured with. On the client these helpers show the data
 * itself, so the first render matches the server's HTML.
 *
 * The names are the server's template context (static-host `web/page.rs`): `language`,
 * `store_name`, `logo`, `services_enabled`, `services`, `selected_service`, `service`,
 * `footer` (the core's footer) and `year_text`.
 */
export const TemplateMode = createContext(false);

/** Whether the components are writing the server's templates. */
export function useTemplateMode(): boolean {
  return useContext(TemplateMode);
}

/** A value the server writes into the page (HTML-escaped): `{{ expression }}`. */
export function fill(expression: string): string {
  return `{{ ${expression} }}`;
}

interface SlotIfProps {
  /** The template's condition, a Jinja expression over the context (`logo`, `service.show_categories_menu`). */
  test: string;
  /** The same condition on the client. */
  when: boolean;
  children: ReactNode;
  otherwise?: ReactNode;
}

/**
 * `children` when `when` holds; in a template, when the server finds `test` true. Both
 * modes render the same five places, so the ids React's `useId` gives inside match
 * between the server's HTML and the client.
 */
export function SlotIf({ test, when, children, otherwise = null }: SlotIfProps) {
  const template = useTemplateMode();
  return (
    <>
      {template ? `{% if ${test} %}` : null}
      {template || when ? children : null}
      {template && otherwise !== null ? "{% else %}" : null}
      {template || !when ? otherwise : null}
      {template ? "{% endif %}" : null}
    </>
  );
}

interface SlotEachProps<T> {
  /** The list on the client. */
  items: readonly T[];
  /** The template's list (`services`, `footer.social_links`) and the loop variable. */
  list: string;
  as: string;
  /** The fields `render` reads, filled from the loop variable in a template. */
  fields: readonly (keyof T & string)[];
  render: (item: T) => ReactNode;
}

/**
 * Each item rendered; in a template one rendering in a Jinja loop over `list`. (An item
 * must not take an id from `useId`: its place differs between the two.)
 */
export function SlotEach<T>({ items, list, as, fields, render }: SlotEachProps<T>) {
  if (!useTemplateMode()) return <>{items.map(render)}</>;
  const item = Object.fromEntries(fields.map((field) => [field, fill(`${as}.${field}`)])) as T;
  return (
    <>
      {`{% for ${as} in ${list} %}`}
      {render(item)}
      {"{% endfor %}"}
    </>
  );
}

/**
 * A boolean attribute's value (`aria-pressed`): `client` on the client; in a template
 * the Jinja that writes `true` or `false` as the server finds `test` (typed as the
 * attribute's boolean, which it becomes once filled).
 */
export function useSlotFlag(test: string, client: boolean): boolean {
  return useTemplateMode() ? slotFlag(test) : client;
}

/** The Jinja of {@link useSlotFlag}, for places that cannot call a hook (a loop's items). */
export function slotFlag(test: string): boolean {
  return `{% if ${test} %}true{% else %}false{% endif %}` as unknown as boolean;
}

/**
 * A message with numbers the server writes: each `slots` value (a Jinja expression) takes
 * the place of its argument where the page locale printed it. The message is formatted
 * with a stand-in number per slot, whose printed form is then replaced, so `{n, number}`
 * arguments work (a Jinja string in their place would print NaN). The server's filter
 * must print the number as the locale would (`digits`: no grouping, the page's digits).
 */
export function formatWithSlots(
  intl: IntlShape,
  id: string,
  values: Record<string, string | number>,
  slots: Record<string, string>,
): string {
  const standIns = Object.keys(slots).map((name, i) => [name, 987_654_321 - i] as const);
  let text = intl.formatMessage({ id }, { ...values, ...Object.fromEntries(standIns) });
  for (const [name, standIn] of standIns) text = text.split(intl.formatNumber(standIn)).join(slots[name] ?? "");
  return text;
}

/** Whether a value is a template's slot (`{{ cart.price }}`) rather than data. */
export function isSlot(value: unknown): value is string {
  return typeof value === "string" && value.startsWith("{{ ") && value.endsWith(" }}");
}

/**
 * An amount of money in a template: the currency's text as the page locale writes it
 * (symbol, sign and order), with `slot` where the number's digits go. The server fills
 * the slot with the core's `amount_digits` (thousands grouped, two decimals, the page's
 * digits), so the filled text is the app's `Intl` currency text. `negative` writes the
 * minus sign as the locale places it.
 */
export function moneySlot(intl: IntlShape, slot: string, currency: string, negative = false): string {
  const standIn = 987_654_321;
  const text = intl.formatNumber(negative ? -standIn : standIn, { style: "currency", currency });
  const digits = intl.formatNumber(standIn, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return text.split(digits).join(slot);
}

/** A count of each plural category (the last two digits decide `few` and `many`). */
const PLURAL_STAND_INS: Record<Intl.LDMLPluralRule, number> = {
  zero: 0,
  one: 1,
  two: 2,
  few: 987_654_303,
  many: 987_654_311,
  other: 987_654_300,
};

/**
 * A message with a `{count, plural, …}` in a template: a branch per plural category the
 * page locale has, each the message as formatted for a count of that category, with
 * `count` (a Jinja expression: the count as the page writes it) where the count was
 * printed, chosen by `form` (a Jinja expression: the category's name, the core's
 * `plural_category`).
 */
export function pluralSlot(
  intl: IntlShape,
  id: string,
  values: Record<string, string | number>,
  slots: { count: string; form: string },
): string {
  const categories = new Intl.PluralRules(intl.locale).resolvedOptions().pluralCategories.filter((c) => c !== "other");
  const branch = (category: Intl.LDMLPluralRule) => {
    const n = PLURAL_STAND_INS[category];
    return intl.formatMessage({ id }, { ...values, count: n }).split(intl.formatNumber(n)).join(`{{ ${slots.count} }}`);
  };
  const cases = categories.map((category, i) => `{% ${i === 0 ? "if" : "elif"} ${slots.form} == '${category}' %}${branch(category)}`);
  if (cases.length === 0) return branch("other");
  return `${cases.join("")}{% else %}${branch("other")}{% endif %}`;
}
