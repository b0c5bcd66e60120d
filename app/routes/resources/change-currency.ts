import { redirect } from "react-router";
import { z } from "zod";

import { currencyCodes } from "~/domain/currency";
import { safeReturnPath } from "~/domain/return-path";
import { currencyCookie } from "~/features/preferences/preferences.server";

import type { Route } from "./+types/change-currency";

const changeCurrencySchema = z.object({
  currency: z.enum(currencyCodes),
  next: z.string().optional(),
});

/** POST /change-currency — the currency switcher (a real form, so it works without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const next = safeReturnPath(typeof form.next === "string" ? form.next : null);
  const parsed = changeCurrencySchema.safeParse(form);
  if (!parsed.success) return redirect(next);
  return redirect(next, { headers: { "Set-Cookie": currencyCookie(request, parsed.data.currency) } });
}

export function loader() {
  return redirect("/");
}
