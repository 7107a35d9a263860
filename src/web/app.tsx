import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { HydratedProvider } from "./lib/use-hydrated";

/**
 * The providers around the router, the same in the browser (start.tsx) and on the server
 * (entry-server.tsx), so a prerendered page hydrates onto the same tree.
 * Input: the query client, the router element and `hydrating`: true on the server and in the
 * browser's hydration of its page, false when the browser renders the app itself.
 */
export function App({ client, hydrating, children }: { client: QueryClient; hydrating: boolean; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <HydratedProvider hydrating={hydrating}>{children}</HydratedProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
