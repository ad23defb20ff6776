import type { Language, Message } from "storefront-core";
import type { RefinementCtx } from "./zod";
import { renderMessage } from "../i18n/coreText";

/** Moves focus to the first invalid control of a form (after a refused submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}

/**
 * Adds the first failing core rule of a field to a zod refinement: the rules stay the
 * core's, zod only carries their messages to react-hook-form.
 */
export function firstIssue(ctx: RefinementCtx, path: string, language: Language, ...checks: (Message | null)[]): void {
  const failed = checks.find((message): message is Message => message !== null);
  if (failed) ctx.addIssue({ code: "custom", path: [path], message: renderMessage(failed, language) });
}
