import { env } from "cloudflare:workers";

/**
 * Issue 19 (tests/integration/flat-cost.spec.ts): copies every demo product (its variants, options, pictures
 * and search row) once per copy number from `firstCopy` to `lastCopy` as a back catalogue older than any demo product, under names the tests do not
 * search for, with one paid order of a few units of each copied variant per copy. The first page of every
 * listing thus shows the same products before and after, so a change in rows read is the query's, not the page's.
 */
export async function growCatalogue(firstCopy: number, lastCopy: number): Promise<void> {
  const { maxId, oldest } = (await env.DB.prepare(
    "SELECT max(id) AS maxId, (SELECT min(created_at) FROM products WHERE name_en NOT LIKE 'Grown item %') AS oldest FROM products WHERE name_en NOT LIKE 'Grown item %'",
  ).first<{ maxId: number; oldest: number }>())!;
  const now = Date.now();
  for (let copy = firstCopy; copy <= lastCopy; copy += 1) {
    const suffix = `-g${copy}`;
    const copyOf = `np.slug = p.slug || '${suffix}'`;
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO products (slug, sku, kind, category_id, product_type_id, status_id, name_en, name_th, description_en, description_th, weight_grams, size_guide_id, created_at, updated_at)
         SELECT slug || '${suffix}', sku || '${suffix.toUpperCase()}', kind, category_id, product_type_id, status_id, 'Grown item ' || id || '${suffix}', 'สินค้าเพิ่ม ' || id,
           'Filler', 'ทดสอบ', weight_grams, size_guide_id, ${oldest} - ${copy} * 60000 - id, updated_at
         FROM products WHERE id <= ${maxId}`,
      ),
      env.DB.prepare(
        `INSERT INTO variants (product_id, sku, price_satang, compare_at_price_satang, stock, sort_order, is_active, created_at, updated_at)
         SELECT np.id, v.sku || '${suffix.toUpperCase()}', v.price_satang + 1000000, NULL, v.stock, v.sort_order, v.is_active, v.created_at, v.updated_at
         FROM variants v JOIN products p ON p.id = v.product_id JOIN products np ON ${copyOf} WHERE p.id <= ${maxId}`,
      ),
      env.DB.prepare(
        `INSERT INTO variant_options (variant_id, option_id)
         SELECT nv.id, vo.option_id FROM variant_options vo JOIN variants v ON v.id = vo.variant_id JOIN variants nv ON nv.sku = v.sku || '${suffix.toUpperCase()}'
         WHERE v.product_id <= ${maxId}`,
      ),
      env.DB.prepare(
        `INSERT INTO product_images (product_id, option_id, image_key, alt_en, alt_th, width, height, sort_order)
         SELECT np.id, i.option_id, i.image_key, i.alt_en, i.alt_th, i.width, i.height, i.sort_order
         FROM product_images i JOIN products p ON p.id = i.product_id JOIN products np ON ${copyOf} WHERE p.id <= ${maxId}`,
      ),
      env.DB.prepare(
        `INSERT INTO product_search (rowid, name_en, name_th, skus, body)
         SELECT np.id, 'grown item', 'สินค้าเพิ่ม', np.sku, 'filler' FROM products p JOIN products np ON ${copyOf} WHERE p.id <= ${maxId} AND p.status_id = 1`,
      ),
      env.DB.prepare(
        `INSERT INTO orders (order_number, email, status_id, subtotal_satang, vat_satang, total_satang, vat_percent, created_at, updated_at)
         VALUES ('FLAT${suffix}', 'flat@pryde.test', 2, 0, 0, 0, 7, ${now}, ${now})`,
      ),
      env.DB.prepare(
        `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, unit_price_satang, quantity, line_total_satang)
         SELECT (SELECT id FROM orders WHERE order_number = 'FLAT${suffix}'), v.product_id, v.id, 'x', 'x', v.price_satang, 1 + v.id % 3, v.price_satang
         FROM variants v WHERE v.sku LIKE '%${suffix.toUpperCase()}'`,
      ),
    ]);
  }
}

/** A paid order of `quantity` units of every active demo variant: the demo products then outsell any copy. */
export async function sellDemoProducts(quantity: number): Promise<void> {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (order_number, email, status_id, subtotal_satang, vat_satang, total_satang, vat_percent, created_at, updated_at)
       VALUES ('FLAT-DEMO', 'flat@pryde.test', 2, 0, 0, 0, 7, ${now}, ${now})`,
    ),
    env.DB.prepare(
      `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, unit_price_satang, quantity, line_total_satang)
       SELECT (SELECT id FROM orders WHERE order_number = 'FLAT-DEMO'), v.product_id, v.id, 'x', 'x', v.price_satang, ${quantity}, v.price_satang FROM variants v WHERE v.is_active = 1`,
    ),
  ]);
}
