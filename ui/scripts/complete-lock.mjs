// The registry mirror this project builds against serves only the platform binaries
// of the machine it runs on (e.g. @swc/core-linux-x64-gnu) and answers 404 for the
// others. `npm install` then leaves those optional packages out of package-lock.json,
// and `npm ci` rejects the lock as out of sync. This adds each missing optional
// platform package with the os/cpu its name declares, so npm ci skips it without a
// download on every other platform. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const OS = ["darwin", "linux", "win32", "android", "freebsd", "openharmony", "netbsd", "openbsd", "sunos", "aix"];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const libc = parts.includes("musl") || parts.includes("musleabihf") ? "musl" : parts.includes("gnu") || parts.includes("gnueabihf") ? "glibc" : null;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `${path ? path + "/" : ""}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[at] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, JSON.stringify(lock, null, 2) + "\n");
console.log(`complete-lock: added ${added} optional platform package(s)`);
