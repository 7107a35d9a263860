import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { z } from "zod";
import { queryClient } from "./lib/query-client";
import { router } from "./router";
import "./styles.css";

// Schemas carry the spec's Italian messages; zod's own fallback texts are Italian too.
z.config(z.locales.it());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
