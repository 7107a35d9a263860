/** Every migration, in order. Names sort lexicographically; never rename an applied one. */

import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_images";
import * as m0003 from "./0003_profile_notifications";
import * as m0004 from "./0004_presence";
import * as m0005 from "./0005_auth_limits";
import * as m0006 from "./0006_audit_orders";
import * as m0007 from "./0007_media_nicknames";
import * as m0009 from "./0009_two_factor";
import * as m0010 from "./0010_story_tree";
import * as m0011 from "./0011_message_edits";
import * as m0012 from "./0012_story_memory";
import * as m0013 from "./0013_narration_runs";
import * as m0014 from "./0014_story_shares";
import * as m0015 from "./0015_saved_templates_order";
import * as m0017 from "./0017_ai_usage";
import * as m0019 from "./0019_admin_versions_soft_delete";
import * as m0020 from "./0020_moderation";
import * as m0021 from "./0021_group_play";
import * as m0022 from "./0022_story_presence";
import * as m0023 from "./0023_read_only_copies";
import * as m0024 from "./0024_membership_ledger";
import * as m0025 from "./0025_user_keys_keep_others_rows";
import * as m0026 from "./0026_vote_refusal";
import * as m0027 from "./0027_story_unshared";
import * as m0029 from "./0029_moderation_conflicts";
import * as m0030 from "./0030_story_style";
import * as m0031 from "./0031_push_notifications";
import * as m0032 from "./0032_scenarios";
import * as m0033 from "./0033_billing";

export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_images": m0002,
  "0003_profile_notifications": m0003,
  "0004_presence": m0004,
  "0005_auth_limits": m0005,
  "0006_audit_orders": m0006,
  "0007_media_nicknames": m0007,
  "0009_two_factor": m0009,
  "0010_story_tree": m0010,
  "0011_message_edits": m0011,
  "0012_story_memory": m0012,
  "0013_narration_runs": m0013,
  "0014_story_shares": m0014,
  "0015_saved_templates_order": m0015,
  "0017_ai_usage": m0017,
  "0019_admin_versions_soft_delete": m0019,
  "0020_moderation": m0020,
  "0021_group_play": m0021,
  "0022_story_presence": m0022,
  "0023_read_only_copies": m0023,
  "0024_membership_ledger": m0024,
  "0025_user_keys_keep_others_rows": m0025,
  "0026_vote_refusal": m0026,
  "0027_story_unshared": m0027,
  "0029_moderation_conflicts": m0029,
  "0030_story_style": m0030,
  "0031_push_notifications": m0031,
  "0032_scenarios": m0032,
  "0033_billing": m0033,
};
