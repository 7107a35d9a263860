/** Better Auth browser client (sign-up, sign-in, sign-out, guest sign-in, session). */

import { anonymousClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [anonymousClient()],
});
