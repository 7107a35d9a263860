/** What every benchmark needs: percentiles and the databases to measure on. */

import pg from "pg";
import type { TestDialect } from "../src/server/testing/harness";

/** The p-th percentile (0–100) of `values` by the nearest-rank method; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The databases a benchmark runs on: SQLite, and PostgreSQL at BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers (the URL is
 * put in TEST_DATABASE_URL for the test harness). Prints why PostgreSQL is skipped otherwise.
 */
export async function benchDialects(): Promise<TestDialect[]> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  process.env.TEST_DATABASE_URL = url;
  if (await postgresReachable(url)) return ["sqlite", "postgres"];
  console.log(`PostgreSQL not reachable (${url}): SQLite only.`);
  return ["sqlite"];
}

/**
 * The session cookie(s) of a fresh e-mail sign-in at `baseUrl`, as a browser sends them
 * ("name=value; …"). Throws unless the sign-in answers 200.
 */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
}
