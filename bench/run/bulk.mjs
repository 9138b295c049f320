/** `pnpm bench` (bench/run.mjs): bulk CSV uploads (draft offers for the first provider team). */

import { MB, round, rssOf } from "../util.mjs";
import { progress, SETTINGS } from "./settings.mjs";

function csvFile(rows, prefix) {
  const lines = ["sku,name,serviceType,description,monthlyPrice,internet.downloadSpeedMbps"];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `${prefix}-${i},Fiber Bulk ${i},internet,"Symmetric fiber, no data cap, free installation (row ${i})",${20 + (i % 80)}.99,${[100, 300, 500, 1000][i % 4]}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Uploads a CSV file and measures the time and the server's RSS growth during it. */
async function upload(server, providerKey, csv, sampler) {
  const before = sampler.reset();
  const t0 = performance.now();
  let res;
  try {
    res = await fetch(`${server.url}/provider/offers/bulk-upload`, {
      method: "POST",
      headers: { "x-api-key": providerKey, "content-type": "text/csv" },
      body: csv,
    });
  } catch (error) {
    // The server may answer 413 and close before the client has sent the whole file: the client
    // then sees the connection go, not the answer (a full run at load 12 did).
    const seconds = (performance.now() - t0) / 1000;
    const reason = `connection closed while sending (${error?.cause?.code ?? error?.message ?? error})`;
    return { status: reason, seconds, summary: null, rssBefore: before, peak: sampler.peak(), body: "" };
  }
  const body = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  let summary = null;
  try {
    summary = JSON.parse(body).summary ?? null;
  } catch {}
  return { status: res.status, seconds, summary, rssBefore: before, peak: sampler.peak(), body: body.slice(0, 300) };
}

/** The bulk phase: one small file, the large rows in files of at most 50,000, then all of them in one. */
export async function measureBulk(server, seeded, sampler) {
  progress("── bulk CSV upload");
  const small = await upload(server, seeded.providerKey, csvFile(SETTINGS.bulkSmallRows, "BULK-S"), sampler);
  progress(
    `${SETTINGS.bulkSmallRows} rows: ${small.status} in ${small.seconds.toFixed(2)} s ${JSON.stringify(small.summary)}`,
  );
  const large = [];
  const perFile = Math.min(50_000, SETTINGS.bulkLargeRows);
  const largeBefore = rssOf(server.pid);
  let largePeak = largeBefore;
  for (let done = 0, part = 1; done < SETTINGS.bulkLargeRows; done += perFile, part++) {
    const result = await upload(server, seeded.providerKey, csvFile(perFile, `BULK-L${part}`), sampler);
    largePeak = Math.max(largePeak, result.peak);
    large.push(result);
    progress(
      `${perFile} rows (file ${part}): ${result.status} in ${result.seconds.toFixed(2)} s, peak RSS ${round(result.peak / MB, 1)} MB`,
    );
  }
  const single = await upload(server, seeded.providerKey, csvFile(SETTINGS.bulkLargeRows, "BULK-ONE"), sampler);
  progress(`${SETTINGS.bulkLargeRows} rows in one file: ${single.status} in ${single.seconds.toFixed(2)} s`);
  return {
    small: {
      rows: SETTINGS.bulkSmallRows,
      status: small.status,
      seconds: round(small.seconds, 2),
      summary: small.summary,
    },
    large: {
      rows: SETTINGS.bulkLargeRows,
      files: large.length,
      rowsPerFile: perFile,
      statuses: large.map((r) => r.status),
      seconds: round(
        large.reduce((sum, r) => sum + r.seconds, 0),
        2,
      ),
      rssBeforeMb: round(largeBefore / MB, 1),
      peakRssMb: round(largePeak / MB, 1),
      growthMb: round((largePeak - largeBefore) / MB, 1),
    },
    singleFile: {
      rows: SETTINGS.bulkLargeRows,
      status: single.status,
      seconds: round(single.seconds, 2),
      body: single.body,
    },
  };
}
