/**
 * zod's global configuration for the web, imported first by main.tsx so it applies before any
 * schema is built: Italian fallback messages, and `jitless` so zod never probes `new Function`
 * (the CSP forbids eval and reported the probe as a violation on profile and admin pages; issue 9).
 */

import { z } from "zod";

z.config({ ...z.locales.it(), jitless: true });
