/** @jest-environment node */
import { queryClient } from "../app/queryClient";
import { renderTemplates } from "./prerender";

// The build runs the prerender in Node: a query left in the cache keeps a 5-minute
// garbage-collection timer, and with it the build's process, alive.
test("the prerender writes every template and leaves no query (and no timer) behind", async () => {
  const templates = await renderTemplates();
  expect(Object.keys(templates)).toHaveLength(24);
  expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
}, 60_000);
