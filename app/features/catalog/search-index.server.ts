// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function reindexProduct(d1: D1Database, productId: number): Promise<void> {
  // replaced by the search helper's implementation at merge
}
