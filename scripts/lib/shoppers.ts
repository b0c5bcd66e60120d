/** Sessions the bench and the profiler make against a running shop, as a shopper's browser makes them. */

/** The session cookie the shop set on an answer, if any. */
export const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("pryde_session="));

/**
 * A guest session whose cart holds one line: the product page names the variant, and the
 * add-to-cart form's post (POST /cart, intent=add) starts the session.
 */
export async function guestWithCart(origin: string, productPath: string): Promise<string> {
  const html = await (await fetch(origin + productPath)).text();
  const variantId = html.match(/name="variantId" value="(\d+)"/)?.[1];
  if (!variantId) throw new Error(`no variant to add on ${productPath}`);
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", variantId, quantity: "1", enhanced: "1" }),
    redirect: "manual",
  });
  const session = sessionCookieOf(response);
  if (!response.ok || !session) throw new Error(`adding to the cart answered ${response.status} without a session cookie`);
  const checkout = await fetch(`${origin}/cart/checkout`, { headers: { cookie: session }, redirect: "manual" });
  if (checkout.status !== 200) throw new Error(`/cart/checkout with the guest's cart answered ${checkout.status}`);
  return session;
}

/**
 * A guest whose cart holds `lines` lines: the one-line guest, then the same add-to-cart post for the
 * demo variants in id order (the seed's ids), skipping those the shop refuses (sold out: 400).
 */
export async function guestWithLines(origin: string, lines: number): Promise<string> {
  const session = await guestWithCart(origin, "/shop/classic-logo-tee");
  const countLines = async () =>
    ((await (await fetch(`${origin}/cart`, { headers: { cookie: session } })).text()).match(/data-testid="cart-line"/g) ?? []).length;
  let held = await countLines();
  for (let variantId = 1; held < lines && variantId <= 1000; variantId += 1) {
    const response = await fetch(`${origin}/cart`, {
      method: "POST",
      headers: { cookie: session },
      body: new URLSearchParams({ intent: "add", variantId: String(variantId), quantity: "1", enhanced: "1" }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.ok) held = await countLines();
  }
  if (held < lines) throw new Error(`the guest's cart holds ${held} lines, not ${lines}`);
  return session;
}

/** A back-office session of a seeded demo staff member (app/db/seed/accounts.ts), signed in through the form as staff do. */
export async function staffSession(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/backend/login`, { method: "POST", body: new URLSearchParams({ email, password }), redirect: "manual" });
  const session = sessionCookieOf(response);
  if (response.status < 300 || response.status >= 400 || !session) throw new Error(`signing in ${email} answered ${response.status} without a session cookie`);
  return session;
}
