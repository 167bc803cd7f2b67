// The snapshot a browser keeps for a site served without one (loadEngine({snapshot: false}),
// e.g. the page of an installed Python package, built without Node.js): after a start from the
// wheels, a second worker makes the snapshot (src/snapshot.js) and puts it in the browser's
// Cache Storage, and the next loads start from it. It is found by a key made of the runtime's
// version and the SHA-256 of every wheel's bytes, so that other wheels (a new version of the
// engine, a wheel changed in place) never start from a snapshot of the old ones.

/** The Cache Storage's name of the snapshots. */
export const CACHE = "fearsome-rules-snapshots";
const FOLDER = ".engine-snapshots/";

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The cache's key (an URL beside the wheels) of the snapshot of these wheels on this runtime,
 * and the wheels' bytes (fetched to hash them; the start from the wheels installs these).
 * @param {string} version Pyodide's version
 * @param {string[]} wheels the wheels' URLs, in install order
 */
export async function snapshotKey(version, wheels) {
  const files = await Promise.all(wheels.map(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { url, bytes, sha256: hex(await crypto.subtle.digest("SHA-256", bytes)) };
  }));
  const text = [`pyodide ${version}`, ...files.map((f) => `${f.url.split("/").pop()} ${f.sha256}`)].join("\n");
  const digest = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return { key: new URL(`${FOLDER}${digest}`, wheels[0]).href, files };
}

/** The kept snapshot's gzipped response, or null. */
export async function cachedSnapshot(key) {
  if (!globalThis.caches) return null;
  return (await (await caches.open(CACHE)).match(key)) ?? null;
}

/** The snapshot kept under `key` (gzipped), in place of any other of the same wheels' folder. */
export async function keepSnapshot(key, raw) {
  const gzipped = await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  const cache = await caches.open(CACHE);
  const folder = key.slice(0, key.lastIndexOf("/") + 1);
  for (const old of await cache.keys()) if (old.url.startsWith(folder) && old.url !== key) await cache.delete(old);
  await cache.put(key, new Response(gzipped, { headers: { "content-type": "application/gzip" } }));
  return gzipped.byteLength;
}

/** A kept snapshot that did not start: dropped (the next load makes another). */
export async function dropSnapshot(key) {
  if (globalThis.caches) await (await caches.open(CACHE)).delete(key);
}
