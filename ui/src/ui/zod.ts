import { z } from "zod";

// Zod 4 compiles object parsers with `new Function`, and probes for it first; the
// strict CSP (no 'unsafe-eval') blocks it and reports a violation on every form.
// Jitless parsing is the same parsing without eval. Every form takes `z` from here.
z.config({ jitless: true });

export { z };
export type { RefinementCtx } from "zod";
