import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import fs from "node:fs";
import QUIET from "./scripts/chromium-flags.json" with { type: "json" };
const [,, base, path, out, cookie] = process.argv;
const port = 9400 + Math.floor(Math.random() * 300);
const profile = fs.mkdtempSync("/tmp/lhp-");
const ctx = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", args: [...QUIET, "--disable-gpu", `--remote-debugging-port=${port}`] });
if (cookie) await ctx.addCookies([{ name: "storefront_view", value: cookie, url: base }]);
if (cookie && cookie !== "-") { const t = await ctx.newPage(); await t.goto(base + "/favicon.svg"); await t.evaluate(() => { localStorage.setItem("district_id","1"); localStorage.setItem("selectedService","1"); }); await t.close(); }
const r = await lighthouse(base + path, { port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true });
fs.writeFileSync(out, JSON.stringify(r.lhr));
await ctx.close();
const lhr = r.lhr;
console.log("perf", lhr.categories.performance.score, "LCP", lhr.audits["largest-contentful-paint"].displayValue, "FCP", lhr.audits["first-contentful-paint"].displayValue, "TBT", lhr.audits["total-blocking-time"].displayValue);
const el = lhr.audits["largest-contentful-paint-element"];
console.log(JSON.stringify(el.details).slice(0, 1500));
