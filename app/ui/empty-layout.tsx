import type { ReactNode } from "react";

/** Spec §2 "Empty layout": no menus or footer, content centred (sign-in, payment return pages…). */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-surface-muted px-4 py-10">
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}
