/**
 * A form post whose body cannot be read as a form (a broken multipart body, a wrong encoding). Our
 * pages never send one, but a script can; React Router actions would fail on `request.formData()`
 * with a 500. The Worker answers such a request 400 before any action runs, so no page has to
 * remember to guard its own parse (DESIGN §6: bad input never answers 5xx).
 */
const formTypes = ["multipart/form-data", "application/x-www-form-urlencoded"];

export async function hasUnreadableFormBody(request: Request): Promise<boolean> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return false;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!formTypes.some((formType) => type.startsWith(formType))) return false;
  try {
    await request.clone().formData();
    return false;
  } catch {
    return true;
  }
}

export function badRequest(): Response {
  return new Response("400 Bad Request: the form could not be read.", {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
