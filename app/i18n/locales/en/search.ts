// Shop search, sorting and the search dialog's suggestions.
export default {
  sort: {
    label: "Sort by",
    apply: "Sort",
    relevance: "Best match",
    newest: "Newest",
    priceAsc: "Price: low to high",
    priceDesc: "Price: high to low",
    bestSelling: "Best selling",
  },
  results: {
    noResults: "Nothing matches “{{query}}”",
    noResultsHint: "Check the spelling, use fewer or shorter words, or browse a category.",
    noResultsInCategory: "Nothing in {{category}} matches “{{query}}”",
    searchAllCategories: "Search all categories",
    emptyCategory: "No products in this category yet",
    emptyCategoryHint: "New pieces arrive often. Meanwhile, have a look at the other categories.",
    emptyCatalogue: "The shop has no products yet",
    emptyCatalogueHint: "We are getting our first collection ready. Please come back soon.",
    browseCategories: "Browse a category",
  },
  suggestions: {
    label: "Suggested products",
    none: "No products match yet. Press Enter to search.",
    count_one: "{{count}} suggestion. Use the up and down arrows to choose.",
    count_other: "{{count}} suggestions. Use the up and down arrows to choose.",
  },
} as const;
