import { describe, expect, it } from "vitest";

import { parseBulkAction } from "./list-page.server";

/** The list's bulk form as the browser posts it, written as a query string. */
const form = (fields: string) => {
  const data = new FormData();
  for (const [name, value] of new URLSearchParams(fields)) data.append(name, value);
  return data;
};

describe("parseBulkAction", () => {
  it.each([
    ["ticked rows", "intent=hide&ids=4&ids=x&ids=2", "hide", [4, 2]],
    ["the page's box", "intent=show&all=1&pageIds=7&pageIds=8&ids=9", "show", [7, 8]],
  ])("given %s, should give the intent and the rows", (_, fields, intent, ids) => {
    const bulk = parseBulkAction(form(fields), ["show", "hide"]);
    expect(bulk.ok && { intent: bulk.intent, ids: bulk.ids }).toEqual({ intent, ids });
  });

  it.each([
    ["an intent the list does not have", "intent=explode&ids=1", "unknownAction"],
    ["no intent", "ids=1", "unknownAction"],
    ["no ticked row", "intent=show", "noneSelected"],
    ["only odd ids", "intent=show&ids=0&ids=abc", "noneSelected"],
  ])("given %s, should answer 400 with the form error %o", (_, fields, key) => {
    const bulk = parseBulkAction(form(fields), ["show", "hide"]);
    expect(bulk.ok).toBe(false);
    if (bulk.ok) return;
    expect(bulk.answer.init?.status).toBe(400);
    expect(bulk.answer.data.result.error?.[""]).toEqual([key]);
  });

  it("given the rest of a route's answer, should answer with it around the refusal", () => {
    const bulk = parseBulkAction(form("intent=mark-shipped"), ["mark-shipped"], { result: null, shipStep: null });
    expect(bulk.ok || bulk.answer.data).toMatchObject({ shipStep: null, result: { error: { "": ["noneSelected"] } } });
  });
});
