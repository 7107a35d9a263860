import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";

/**
 * The providers around the router, the same in the browser (main.tsx) and on the server
 * (entry-server.tsx), so a prerendered page hydrates onto the same tree.
 * Input: the query client and the router element.
 */
export function App({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </StrictMode>
  );
}
