// Storefront catalogue pages: home and shop.
export default {
  meta: {
    homeDescription: "Pryde: Thai team wear, sports jerseys and custom-designed shirts. Shop online in Thai Baht with delivery across Thailand.",
    shopTitle: "Shop",
    shopDescription: "Browse Pryde team wear, jerseys and accessories by category, and find your size.",
    searchTitle: "Search: {{query}}",
  },
  home: {
    heroLabel: "Featured",
    newProducts: "New arrivals",
    featuredCollections: "Collections",
    latestActivities: "Latest activities",
    viewAll: "View all",
    shopNow: "Shop now",
    readMore: "Read more",
    slide: "Slide {{index}} of {{count}}",
  },
  shop: {
    heading: "Shop",
    productsHeading: "Products",
    allProducts: "All products",
    categories: "Categories",
    searchResults: "Results for “{{query}}”",
    resultCount_one: "{{count}} product",
    resultCount_other: "{{count}} products",
    empty: "No products found",
    emptyHint: "Try another category or search term.",
    showAll: "Show all products",
    clearSearch: "Clear search",
    searchWithin: "Search products",
  },
  pagination: {
    label: "Pages",
    previous: "Previous",
    next: "Next",
    page: "Page {{page}}",
    pageOf: "Page {{page}} of {{total}}",
  },
  product: {
    noImage: "No image",
    // Spec §4's words, as written there.
    outOfStock: "Out of Stock",
    lowStock: "Lower Stock",
    inStock: "In Stock",
    priceRange: "{{from}} – {{to}}",
  },
} as const;
