/** Every migration, in order. Names sort lexicographically; never rename an applied one. */

import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_initial";

export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
};
