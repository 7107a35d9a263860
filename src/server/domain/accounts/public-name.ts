/**
 * The name a player goes by in public (issue 22 §3: gallery, image page, scene pictures, shared
 * stories): the nickname, else the first name of the profile; null when neither is set (the web
 * then shows 'Utente anonimo'). Never the e-mail.
 */

import { sql } from "kysely";

/**
 * A selection of that name as `nickname`, from the profiles row joined as `p`.
 * Usage: `.leftJoin("profiles as p", …).select([…, publicName])`.
 */
export const publicName = sql<string | null>`coalesce(${sql.ref("p.nickname")}, ${sql.ref("p.first_name")})`.as("nickname");
