/** Every migration, in order. Names sort lexicographically; never rename an applied one. */

import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_images";
import * as m0003 from "./0003_profile_notifications";
import * as m0004 from "./0004_presence";

export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_images": m0002,
  "0003_profile_notifications": m0003,
  "0004_presence": m0004,
};
