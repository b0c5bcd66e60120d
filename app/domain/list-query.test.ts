import { describe, expect, it } from "vitest";

import {
  ariaSort,
  cleanSearch,
  defineList,
  filter,
  listHref,
  listQueryParams,
  maxBulkIds,
  maxSearchLength,
  pageCountOf,
  pageWindowOf,
  parseListQuery,
  phoneDigitsOfSearch,
  selectedIds,
  sortToggle,
} from "./list-query";
import { isPastLastPage, maxPageNumber } from "./page-number";

const definition = defineList({
  sorts: ["placed", "number", "total"],
  defaultSort: "placed",
  defaultDirection: "desc",
  filters: { status: filter.id([1, 2, 3]), payment: filter.choice(["cash", "transfer"]), from: filter.day() },
  pageSize: 20,
});

const parse = (search: string) => parseListQuery(definition, new URLSearchParams(search));

describe("parseListQuery", () => {
  it("given no parameters, should give the defaults", () => {
    expect(parse("")).toEqual({ q: "", sort: "placed", dir: "desc", page: 1, filters: { status: null, payment: null, from: null } });
  });

  it.each([
    ["q=%20P-123%20", { q: "P-123" }],
    ["q=" + "ก".repeat(300), { q: "ก".repeat(maxSearchLength) }],
    ["q=a%00b", { q: "a b" }],
    ["sort=total", { sort: "total", dir: "asc" }],
    ["sort=total&dir=desc", { sort: "total", dir: "desc" }],
    ["sort=placed&dir=asc", { sort: "placed", dir: "asc" }],
    ["sort=password", { sort: "placed", dir: "desc" }],
    ["sort=__proto__&dir=up", { sort: "placed", dir: "desc" }],
    ["sort=TOTAL", { sort: "placed", dir: "desc" }],
    ["dir=asc", { sort: "placed", dir: "asc" }],
    ["page=3", { page: 3 }],
    ["page=0", { page: 1 }],
    ["page=-2", { page: 1 }],
    ["page=1.5", { page: 1 }],
    ["page=abc", { page: 1 }],
    ["page=1e3", { page: 1 }],
    ["page=" + "9".repeat(30), { page: maxPageNumber + 1 }],
  ])("given %s, should read %o", (search, expected) => {
    expect(parse(search)).toMatchObject(expected);
  });

  it.each([
    ["status=2", { status: 2 }],
    ["status=9", { status: null }],
    ["status=0", { status: null }],
    ["status=2.0", { status: null }],
    ["status=%3Cscript%3E", { status: null }],
    ["payment=cash", { payment: "cash" }],
    ["payment=CASH", { payment: null }],
    ["payment=toString", { payment: null }],
    ["from=2025-02-28", { from: "2025-02-28" }],
    ["from=2025-02-30", { from: null }],
    ["from=1999-12-31", { from: null }],
    ["from=2025-2-3", { from: null }],
    ["from=", { from: null }],
  ])("given the filter %s, should read %o", (search, expected) => {
    expect(parse(search).filters).toMatchObject(expected);
  });

  it("given a parameter twice, should read the first", () => {
    expect(parse("status=1&status=2").filters.status).toBe(1);
  });
});

describe("listQueryParams and listHref", () => {
  const query = parse("q=shirt&status=2&sort=total&dir=asc&page=4");

  it("given no change, should keep the whole query", () => {
    expect(listQueryParams(definition, query).toString()).toBe("q=shirt&status=2&sort=total&dir=asc&page=4");
  });

  it.each([
    [{ page: 2 }, "/list?q=shirt&status=2&sort=total&dir=asc&page=2"],
    [{ page: 1 }, "/list?q=shirt&status=2&sort=total&dir=asc"],
    [{ q: "" }, "/list?status=2&sort=total&dir=asc"],
    [{ filters: { status: null } }, "/list?q=shirt&sort=total&dir=asc"],
    [{ sort: "placed" as const }, "/list?q=shirt&status=2"],
    [{ sort: "number" as const }, "/list?q=shirt&status=2&sort=number&dir=asc"],
  ])("given the change %o, should lead to %s (a new search, filter or sort starts at page 1)", (changes, href) => {
    expect(listHref("/list", definition, query, changes)).toBe(href);
  });

  it("given the defaults, should be the bare address", () => {
    expect(listHref("/th/list", definition, parse("page=1&sort=placed&dir=desc"))).toBe("/th/list");
  });

  it("given its own output, should read back the same query", () => {
    expect(parseListQuery(definition, listQueryParams(definition, query))).toEqual(query);
  });
});

describe("sortToggle and ariaSort", () => {
  it.each([
    ["", "placed", { sort: "placed", dir: "asc" }],
    ["", "total", { sort: "total", dir: "asc" }],
    ["sort=total&dir=asc", "total", { sort: "total", dir: "desc" }],
    ["sort=total&dir=desc", "total", { sort: "total", dir: "asc" }],
    ["sort=total&dir=desc", "placed", { sort: "placed", dir: "desc" }],
  ])("given %s and a click on %s, should sort by %o", (search, column, expected) => {
    expect(sortToggle(definition, parse(search), column)).toEqual(expected);
  });

  it.each([
    ["", "placed", "descending"],
    ["sort=total", "total", "ascending"],
    ["sort=total", "placed", "none"],
    ["", undefined, undefined],
  ] as const)("given %s, column %s should say aria-sort=%s", (search, column, expected) => {
    expect(ariaSort(parse(search), column)).toBe(expected);
  });
});

describe("page past the end", () => {
  it.each([
    [0, 20, 1, 1, false],
    [0, 20, 2, 1, true],
    [40, 20, 2, 2, false],
    [41, 20, 3, 3, false],
    [41, 20, 4, 3, true],
    [10, 20, maxPageNumber + 1, 1, true],
  ])("%d rows of %d a page: page %d of %d pages, past the end is %s", (total, size, page, pageCount, past) => {
    expect(pageCountOf(total, size)).toBe(pageCount);
    expect(isPastLastPage(page, pageCountOf(total, size))).toBe(past);
  });

  it("should ask the database for the page's window, never a huge offset", () => {
    expect(pageWindowOf(3, 20)).toEqual({ limit: 20, offset: 40 });
    expect(pageWindowOf(maxPageNumber + 1, 20).offset).toBe((maxPageNumber - 1) * 20);
  });
});

describe("phoneDigitsOfSearch", () => {
  it.each([
    ["081-234-5678", "0812345678"],
    ["+66 81 234 5678", "66812345678"],
    ["(02) 123.4567", "021234567"],
    ["345", "345"],
    ["12", null],
    ["Lists9x2k41", null],
    ["lst3f41c0d", null],
    ["PRY-2026-000123", null],
    ["somchai", null],
    ["", null],
  ])("given the search %o, should look for the phone digits %o", (search, digits) => {
    expect(phoneDigitsOfSearch(search)).toBe(digits);
  });
});

describe("selectedIds", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it.each([
    [
      [
        ["ids", "3"],
        ["ids", "1"],
        ["ids", "3"],
      ],
      [3, 1],
    ],
    [
      [
        ["ids", "0"],
        ["ids", "-1"],
        ["ids", "x"],
        ["ids", "2.5"],
        ["ids", "7"],
      ],
      [7],
    ],
    [
      [
        ["all", "1"],
        ["pageIds", "4"],
        ["pageIds", "5"],
        ["ids", "9"],
      ],
      [4, 5],
    ],
    [
      [
        ["all", "yes"],
        ["pageIds", "4"],
        ["ids", "9"],
      ],
      [9],
    ],
    [[], []],
  ] as [[string, string][], number[]][])("given %o, should act on %o", (entries, ids) => {
    expect(selectedIds(form(entries))).toEqual(ids);
    expect(selectedIds(new URLSearchParams(entries))).toEqual(ids);
  });

  it("should take at most the bulk limit", () => {
    const entries = Array.from({ length: maxBulkIds + 50 }, (_, index) => ["ids", String(index + 1)] as [string, string]);
    expect(selectedIds(new URLSearchParams(entries))).toHaveLength(maxBulkIds);
  });
});

describe("cleanSearch", () => {
  it.each([
    [null, ""],
    ["  ", ""],
    ["a\tb", "a b"],
    ["เสื้อ", "เสื้อ"],
  ])("given %o, should give %o", (value, expected) => {
    expect(cleanSearch(value)).toBe(expected);
  });
});
