export async function reindexProduct(d1: D1Database, productId: number): Promise<void> {
  // replaced by the search helper's implementation at merge
  void d1;
  void productId;
}
