/**
 * The name a player goes by in public (issue 22 §3: gallery, image page, scene pictures, shared
 * stories): the nickname, else the first name of the profile; null when neither is set (the web
 * then shows 'Utente anonimo'). Never the e-mail.
 */

import { sql } from "kysely";
import { hasCreatorPage } from "../policies/visibility";

/**
 * A selection of that name as `nickname`, from the profiles row joined as `p`.
 * Usage: `.leftJoin("profiles as p", …).select([…, publicName])`.
 */
export const publicName = sql<string | null>`coalesce(${sql.ref("p.nickname")}, ${sql.ref("p.first_name")})`.as("nickname");

/**
 * The nickname the public name links to the creator page with (issue 40 §1), as `creator_nickname`:
 * the profile's nickname when that page exists (policies/visibility.ts hasCreatorPage), else null
 * (a first name only, no profile, or an author with no listed scenario). From the `p` join, like
 * publicName; never the e-mail or the user id.
 */
export const creatorNickname = sql<string | null>`case when ${sql.ref("p.nickname")} is not null and ${hasCreatorPage("p.id")} then ${sql.ref("p.nickname")} end`.as("creator_nickname");
