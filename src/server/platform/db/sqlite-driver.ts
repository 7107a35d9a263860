/**
 * better-sqlite3 for the Node version running (ADR 0004): 13, the Node-API build, on Node 22 and
 * later, because 12's statements are `node::ObjectWrap`s whose destructor aborts the process
 * (`Assertion failed: (env) != nullptr`, SIGABRT) when an idle garbage collection reclaims one on
 * Node 24.19+; 12 on Node 20, where 13 crashes on load. The two have the same API and types.
 */

import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

const require = createRequire(import.meta.url);
const major = Number(process.versions.node.split(".")[0]);

/** The better-sqlite3 `Database` constructor suited to this Node (see above). */
const SQLite: typeof BetterSqlite3 = require(major >= 22 ? "better-sqlite3-node22" : "better-sqlite3");

export default SQLite;
