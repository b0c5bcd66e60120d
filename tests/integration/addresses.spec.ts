import { describe, expect, it } from "vitest";

import { mainOf } from "./accounts-helpers";
import { fuzzForm } from "./fuzz";
import { addressesOf, newCustomer, staffCookie, toastOf } from "./profile-helpers";
import { get, postForm } from "./worker";

const bangkok = {
  intent: "create",
  firstName: "Somchai",
  lastName: "Jaidee",
  phone: "081-234-5678",
  address: "99/1 ถนนพระราม 4",
  country: "TH",
  province: "กรุงเทพมหานคร",
  city: "ปทุมวัน",
  suburb: "ลุมพินี",
  zipcode: "10330",
};
const chiangMai = { ...bangkok, address: "12 Nimman Soi 7", province: "เชียงใหม่", city: "เมืองเชียงใหม่", suburb: "สุเทพ", zipcode: "50200" };
const singapore = { ...bangkok, address: "1 Raffles Place", country: "SG", province: "", city: "Singapore", suburb: "", zipcode: "048616" };

async function create(cookie: string, fields: Record<string, string>) {
  const response = await postForm("/my-address", fields, { cookie });
  expect(response.status).toBe(302);
  return response;
}

describe("/my-address access", () => {
  it.each(["/my-address", "/th/my-address?new"])("given a guest on %s, should send them to sign in and back (GET and POST)", async (path) => {
    const prefix = path.startsWith("/th") ? "/th" : "";
    const page = await get(path);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`${prefix}/login?redirectTo=${encodeURIComponent(path)}`);
    const post = await postForm(path, bangkok);
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(new RegExp(`^${prefix}/login\\?redirectTo=`));
  });

  // A hydrated page posts to `<path>.data`; the sign-in must bring the shopper back to the page, not to
  // its data (which after signing in was a 404): the redirect comes back as React Router's data.
  it.each([
    ["/my-address.data", "/login?redirectTo=%2Fmy-address"],
    ["/th/my-address.data?new&_routes=th%2Fmy-address", "/th/login?redirectTo=%2Fth%2Fmy-address%3Fnew"],
  ])("given a guest whose page posts %s, should send them to sign in and back to the page", async (path, target) => {
    const post = await postForm(path, bangkok);
    expect(post.status).toBe(202);
    const body = await post.text();
    expect(body).toContain(`"${target}"`);
    expect(body).not.toContain(".data");
  });

  it("given staff, should send them home (GET and POST) and write nothing", async () => {
    const cookie = await staffCookie("editor@pryde.test");
    expect((await get("/my-address", { cookie })).headers.get("location")).toBe("/");
    const post = await postForm("/th/my-address", bangkok, { cookie });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/th");
  });
});

describe("/my-address list, add, edit, delete, default", () => {
  it("given no addresses, should say so and offer to add one (en and th)", async () => {
    const customer = await newCustomer("address");
    const html = mainOf(await (await get("/my-address", { cookie: customer.cookie })).text());
    expect(html).toContain("You have no saved addresses yet.");
    expect(html).toContain('data-testid="profile-menu"');
    expect(mainOf(await (await get("/th/my-address", { cookie: customer.cookie })).text())).toContain("คุณยังไม่มีที่อยู่ที่บันทึกไว้");
  });

  it("given the new-address form, should list the provinces (server-side) and prefill the name", async () => {
    const customer = await newCustomer("address");
    const html = await (await get("/my-address?new", { cookie: customer.cookie })).text();
    expect(html).toContain('data-testid="address-form"');
    expect(html).toContain('<option value="กรุงเทพมหานคร">');
    expect(html).toContain('value="Mali"');
    expect(html).toContain('value="area"'); // the no-JavaScript "show the choices" step
  });

  it("first address becomes the default; a second does not; choosing another moves it; deleting the default promotes the oldest", async () => {
    const customer = await newCustomer("address");
    const first = await create(customer.cookie, bangkok);
    expect(first.headers.get("location")).toBe("/my-address");
    expect(toastOf(first)).toBe("account:flash.addressSaved");
    await create(customer.cookie, chiangMai);
    await create(customer.cookie, singapore);
    let rows = await addressesOf(customer.id);
    expect(rows.map((row) => [row.city, row.isDefault])).toEqual([
      ["ปทุมวัน", true],
      ["เมืองเชียงใหม่", false],
      ["Singapore", false],
    ]);
    expect(rows[0]).toMatchObject({ phone: "0812345678", zipcode: "10330", country: "TH", address: "99/1 ถนนพระราม 4" });

    const [, second, third] = rows;
    const moved = await postForm("/th/my-address", { intent: "default", id: String(third!.id) }, { cookie: customer.cookie });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/th/my-address");
    expect(toastOf(moved)).toBe("account:flash.defaultChanged");
    rows = await addressesOf(customer.id);
    expect(rows.filter((row) => row.isDefault).map((row) => row.id)).toEqual([third!.id]);

    // Deleting the default first asks (the confirmation step a page without JavaScript gets), naming the next default: nothing is deleted yet.
    const asked = await postForm("/my-address", { intent: "delete", id: String(third!.id) }, { cookie: customer.cookie });
    expect(asked.status).toBe(200);
    const step = mainOf(await asked.text());
    expect(step).toContain('data-testid="confirm-delete-default"');
    expect(step).toMatch(new RegExp(`data-testid="next-default" data-address-id="${rows[0]!.id}"`));
    expect(step).toContain('name="confirm" value="yes"');
    expect(await addressesOf(customer.id)).toHaveLength(3);
    const deleted = await postForm("/my-address", { intent: "delete", id: String(third!.id), confirm: "yes" }, { cookie: customer.cookie });
    expect(toastOf(deleted)).toBe("account:flash.addressDeleted");
    rows = await addressesOf(customer.id);
    expect(rows.map((row) => [row.id, row.isDefault])).toEqual([
      [rows[0]!.id, true],
      [second!.id, false],
    ]);

    // A new address asked to be the default takes it over.
    await create(customer.cookie, { ...singapore, makeDefault: "on" });
    rows = await addressesOf(customer.id);
    expect(rows.filter((row) => row.isDefault).map((row) => row.country)).toEqual(["SG"]);

    // The list shows the default first, with its badge.
    const html = mainOf(await (await get("/my-address", { cookie: customer.cookie })).text());
    expect(html.indexOf("1 Raffles Place")).toBeLessThan(html.indexOf("99/1 ถนนพระราม 4"));
    expect(html.match(/data-testid="default-badge"/g)).toHaveLength(1);
  });

  it("given a Thai address, should store its codes and name it in the page's language (list and pickers); a non-default delete asks nothing", async () => {
    const customer = await newCustomer("address");
    await create(customer.cookie, bangkok);
    await create(customer.cookie, chiangMai);
    const [row, other] = await addressesOf(customer.id);
    expect(row).toMatchObject({ province: "กรุงเทพมหานคร", city: "ปทุมวัน", suburb: "ลุมพินี", provinceCode: "10", districtCode: "1007" });
    expect(row!.subdistrictCode).toMatch(/^1007\d\d$/);

    const area = (html: string) => [...html.matchAll(/data-testid="address-area">([^<]*)</g)].map((match) => match[1]);
    const english = mainOf(await (await get("/my-address", { cookie: customer.cookie })).text());
    expect(area(english)).toEqual(["Lumpini Pathum Wan Bangkok 10330", "Suthep Mueang Chiang Mai Chiang Mai 50200"]);
    expect(english).not.toContain("ลุมพินี");
    const thai = mainOf(await (await get("/th/my-address", { cookie: customer.cookie })).text());
    expect(area(thai)).toEqual(["ลุมพินี ปทุมวัน กรุงเทพมหานคร 10330", "สุเทพ เมืองเชียงใหม่ เชียงใหม่ 50200"]);

    // The edit form's pickers post the Thai name and show the page's language.
    const form = await (await get(`/my-address?edit=${row!.id}`, { cookie: customer.cookie })).text();
    expect(form).toMatch(/<option value="กรุงเทพมหานคร" selected="">Bangkok<\/option>/);
    expect(form).toMatch(/<option value="ปทุมวัน" selected="">Pathum Wan<\/option>/);

    const deleted = await postForm("/my-address", { intent: "delete", id: String(other!.id) }, { cookie: customer.cookie });
    expect(toastOf(deleted)).toBe("account:flash.addressDeleted");
  });

  it("given an edit, should update the fields (and may move the default) — and the form shows the saved values", async () => {
    const customer = await newCustomer("address");
    await create(customer.cookie, bangkok);
    await create(customer.cookie, chiangMai);
    const [, second] = await addressesOf(customer.id);
    const form = await (await get(`/my-address?edit=${second!.id}`, { cookie: customer.cookie })).text();
    expect(form).toContain('value="12 Nimman Soi 7"');
    expect(form).toContain('<option value="สุเทพ" selected="">');

    const response = await postForm(
      `/my-address?edit=${second!.id}`,
      { ...chiangMai, intent: "update", id: String(second!.id), address: "14 Nimman Soi 9", suburb: "ศรีภูมิ", makeDefault: "on" },
      { cookie: customer.cookie },
    );
    expect(response.status).toBe(302);
    const rows = await addressesOf(customer.id);
    expect(rows[1]).toMatchObject({ address: "14 Nimman Soi 9", suburb: "ศรีภูมิ", isDefault: true });
    expect(rows[0]!.isDefault).toBe(false);
  });

  it("given a Thai subdistrict with one zipcode and no zipcode sent (a form without JavaScript), should fill it in", async () => {
    const customer = await newCustomer("address");
    await create(customer.cookie, { ...bangkok, zipcode: "" });
    expect((await addressesOf(customer.id))[0]!.zipcode).toBe("10330");
  });

  it("given the no-JavaScript 'show the choices' step, should answer with the next list and save nothing", async () => {
    const customer = await newCustomer("address");
    const step1 = await postForm("/my-address?new", { ...bangkok, intent: "area", city: "", suburb: "", zipcode: "" }, { cookie: customer.cookie });
    expect(step1.status).toBe(200);
    const html1 = await step1.text();
    expect(html1).toContain('<option value="ปทุมวัน">');
    expect(html1).toContain('value="99/1 ถนนพระราม 4"');
    const step2 = await postForm("/my-address?new", { ...bangkok, intent: "area", suburb: "", zipcode: "" }, { cookie: customer.cookie });
    expect(await step2.text()).toContain('<option value="ลุมพินี">');
    const step3 = await postForm("/my-address?new", { ...bangkok, intent: "area", zipcode: "" }, { cookie: customer.cookie });
    // Lumpini has one zipcode: it comes back chosen, as the picker chooses it with JavaScript.
    expect(await step3.text()).toContain('<option value="10330" selected="">');
    expect(await addressesOf(customer.id)).toEqual([]);
  });
});

describe("/my-address validation", () => {
  it.each([
    ["/my-address", { address: "x".repeat(46) }, "address", "Address must be at most 45 characters"],
    ["/my-address", { address: "  " }, "address", "Address is required"],
    ["/my-address", { zipcode: "10500" }, "zipcode", "Zip code not found for the chosen area"],
    ["/th/my-address", { zipcode: "10500" }, "zipcode", "ไม่พบรหัสไปรษณีย์นี้ในพื้นที่ที่เลือก"],
    ["/my-address", { zipcode: "ABCDE" }, "zipcode", "Zip code is invalid"],
    ["/my-address", { city: "แม่ริม" }, "city", "District was not found"],
    ["/my-address", { suburb: "สีลม" }, "suburb", "Subdistrict was not found"],
    ["/my-address", { province: "Atlantis" }, "province", "Province was not found"],
    ["/my-address", { province: "" }, "province", "Province is required"],
    ["/my-address", { country: "XX" }, "country", "Please choose a country from the list"],
    ["/my-address", { phone: "" }, "phone", "Phone is required"],
    ["/my-address", { firstName: "" }, "firstName", "First name is required"],
    ["/my-address", { ...singapore, zipcode: "" }, "zipcode", "Postal code is required"],
    ["/my-address", { ...singapore, city: "" }, "city", "City is required"],
    ["/th/my-address", { address: "ก".repeat(46) }, "address", "ที่อยู่ต้องมีไม่เกิน 45 ตัวอักษร"],
  ])("given bad input on %s (%j), should answer 400 with the %s message and write nothing", async (path, overrides, field, message) => {
    const customer = await newCustomer("address");
    const response = await postForm(path, { ...bangkok, ...overrides }, { cookie: customer.cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-testid="error-${field}"`);
    expect(html).toContain(message);
    expect(await addressesOf(customer.id)).toEqual([]);
  });

  it("given exactly 45 characters, should accept the line", async () => {
    const customer = await newCustomer("address");
    await create(customer.cookie, { ...bangkok, address: "ก".repeat(45) });
    expect((await addressesOf(customer.id))[0]!.address).toHaveLength(45);
  });

  it("given a bad id for delete/default, should answer 400", async () => {
    const customer = await newCustomer("address");
    for (const id of ["", "abc", "-1", "0", "1.5", "99999999999999999999"]) {
      const response = await postForm("/my-address", { intent: "delete", id }, { cookie: customer.cookie });
      expect(response.status, `id ${JSON.stringify(id)}`).toBe(400);
    }
  });

  it("fuzzed input on the address form: never 5xx; a 400 has field messages and writes nothing", async () => {
    const customer = await newCustomer("fuzz-address");
    await fuzzForm({
      path: "/my-address",
      fields: ["firstName", "lastName", "phone", "address", "country", "province", "city", "suburb", "zipcode", "makeDefault"],
      fixed: { intent: "create" },
      headers: { cookie: customer.cookie },
      after: async (response, body) => {
        expect(response.status).toBe(400);
        expect(body).toContain('data-testid="error-');
        expect(await addressesOf(customer.id)).toEqual([]);
      },
    });
  });

  it("fuzzed ids and intents: never 5xx", async () => {
    const customer = await newCustomer("fuzz-address-id");
    await fuzzForm({ path: "/my-address", fields: ["intent", "id"], headers: { cookie: customer.cookie }, runs: 30 });
  });
});

describe("/my-address belongs to its customer (id tampering)", () => {
  it("customer B cannot see, edit, delete or make default customer A's address: 404 and nothing changes", async () => {
    const a = await newCustomer("owner-a");
    const b = await newCustomer("intruder-b");
    await create(a.cookie, bangkok);
    await create(b.cookie, singapore);
    const [aAddress] = await addressesOf(a.id);
    const before = await addressesOf(a.id);
    const id = String(aAddress!.id);

    expect((await get(`/my-address?edit=${id}`, { cookie: b.cookie })).status).toBe(404);
    expect(await (await get("/my-address", { cookie: b.cookie })).text()).not.toContain("99/1 ถนนพระราม 4");
    expect((await postForm(`/my-address?edit=${id}`, { ...chiangMai, intent: "update", id }, { cookie: b.cookie })).status).toBe(404);
    expect((await postForm("/my-address", { ...chiangMai, intent: "update", id }, { cookie: b.cookie })).status).toBe(404);
    expect((await postForm("/my-address", { intent: "area", id }, { cookie: b.cookie })).status).toBe(404);
    expect((await postForm("/my-address", { intent: "delete", id }, { cookie: b.cookie })).status).toBe(404);
    expect((await postForm("/th/my-address", { intent: "default", id }, { cookie: b.cookie })).status).toBe(404);

    expect(await addressesOf(a.id)).toEqual(before);
    // B's own default was not cleared by the attempt either.
    expect((await addressesOf(b.id)).map((row) => row.isDefault)).toEqual([true]);
  });

  it("given an id that does not exist, should answer 404", async () => {
    const customer = await newCustomer("address");
    expect((await get("/my-address?edit=999999", { cookie: customer.cookie })).status).toBe(404);
    expect((await get("/my-address?edit=abc", { cookie: customer.cookie })).status).toBe(404);
  });
});

describe("/resources/thai-address", () => {
  it("given no query, should list the 77 provinces, cacheable", async () => {
    const response = await get("/resources/thai-address");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const body = (await response.json()) as { provinces: { name: string; label: string }[] };
    expect(body.provinces).toHaveLength(77);
    expect(body.provinces).toContainEqual({ name: "กรุงเทพมหานคร", label: "Bangkok" });
    const thai = (await (await get("/resources/thai-address?lang=th")).json()) as { provinces: { name: string; label: string }[] };
    expect(thai.provinces).toContainEqual({ name: "กรุงเทพมหานคร", label: "กรุงเทพมหานคร" });
    expect((await get("/resources/thai-address?lang=fr")).status).toBe(400);
  });

  it("given a province, should list its districts", async () => {
    const body = (await (await get(`/resources/thai-address?province=${encodeURIComponent("กรุงเทพมหานคร")}`)).json()) as {
      districts: { name: string; label: string }[];
    };
    expect(body.districts).toContainEqual({ name: "ปทุมวัน", label: "Pathum Wan" });
    expect(body.districts).toHaveLength(50);
  });

  it("given a province and a district, should list the subdistricts with their zipcodes", async () => {
    const query = new URLSearchParams({ province: "กรุงเทพมหานคร", district: "ปทุมวัน", lang: "th" });
    const body = (await (await get(`/resources/thai-address?${query}`)).json()) as { subdistricts: { name: string; zipcodes: string[] }[] };
    expect(body.subdistricts).toContainEqual({ name: "ลุมพินี", label: "ลุมพินี", zipcodes: ["10330"] });
  });

  it.each([
    ["?province=Atlantis", 404],
    [`?province=${encodeURIComponent("กรุงเทพมหานคร")}&district=Nowhere`, 404],
    [`?district=${encodeURIComponent("ปทุมวัน")}`, 400],
    [`?province=${"x".repeat(101)}`, 400],
    ["?province=", 400],
  ])("given %s, should answer %i with JSON", async (query, status) => {
    const response = await get(`/resources/thai-address${query}`);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
  });
});
