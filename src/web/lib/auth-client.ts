/** Better Auth browser client (sign-up, sign-in, sign-out, guest sign-in, session, two-step verification). */

import { anonymousClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  basePath: "/api/auth",
  // The sign-in form shows the 'Verifica in due passaggi' step itself (no redirect to a page).
  plugins: [anonymousClient(), twoFactorClient()],
});
