/**
 * zod as the web sees it: the build resolves every `import … from "zod"` of the web and of
 * src/shared to this module (vite.config.ts), which configures zod once, before any schema is
 * built or parsed, and re-exports it: Italian fallback messages, and `jitless` so zod never
 * probes `new Function` (the CSP forbids eval and reported the probe; issue 9). Being a
 * dependency of every module that uses zod, the configuration cannot run late whatever the
 * chunks, and pages without a form do not load zod at all (issue 12).
 */

import { z } from "zod/v4";

z.config({ ...z.locales.it(), jitless: true });

export * from "zod/v4";
