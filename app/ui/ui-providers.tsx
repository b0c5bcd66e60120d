import type { ReactNode } from "react";

import { OverlayProvider } from "./overlay";
import { SnackbarProvider } from "./snackbar";

/** The app-wide snackbar and overlay. Each layout (storefront, later back office) wraps its page in this. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider>
      <OverlayProvider>{children}</OverlayProvider>
    </SnackbarProvider>
  );
}
