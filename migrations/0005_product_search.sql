-- Full-text index of products for the shop search (DESIGN §5). rowid = products.id.
-- Thai has no spaces between words: the application segments Thai text with Intl.Segmenter and
-- writes the words separated by spaces (app/domain/search-text.ts), so unicode61 sees words.
-- Drizzle does not model virtual tables; app/features/catalog/search-index.server.ts writes it.
CREATE VIRTUAL TABLE `product_search` USING fts5(`name_en`, `name_th`, `skus`, `body`, tokenize = 'unicode61 remove_diacritics 2');
