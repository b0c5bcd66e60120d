import type { Locale } from "~/i18n/config";
import type { DesignerData } from "./designer-types";

/**
 * The designing step of /custom/select/{id}: a server-rendered shell; the react-konva designer
 * (designer.client.tsx) loads into it on the client only.
 */
export function DesignerPage({ data }: { data: DesignerData; locale: Locale }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" data-testid="designer-shell">
      <h1 className="text-2xl font-bold">{data.product.name}</h1>
      <p className="mt-2 text-muted">{data.product.description}</p>
      {data.product.mockup.frontUrl ? <img src={data.product.mockup.frontUrl} alt="" width={600} height={600} className="mt-4 w-full max-w-md" /> : null}
    </section>
  );
}
