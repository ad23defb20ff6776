import type { BranchDetail, BranchItem, ProductDetail, ProductItem, ServiceDetail } from "../shop/catalogue";

/** Test data shaped like the reference API's answers. */
export function productItem(id: number, overrides: Partial<ProductItem> = {}): ProductItem {
  return {
    id,
    name: `Product ${id}`,
    image: `/api/media/products/${id}.svg`,
    price: "19.99",
    old_price: null,
    currency: "EGP",
    favorite: 0,
    stock: 10,
    stock_status: "in_stock",
    min_qty: 1,
    max_qty: 5,
    rating: 4.2,
    rating_count: 0,
    branch: { id: 3, name: "Shop 3" },
    category_id: 7,
    brand: null,
    ...overrides,
  };
}

export function productPage(items: ProductItem[], current = 1, last = 1) {
  return {
    data: items,
    meta: { current_page: current, last_page: last, per_page: 20, total: items.length, price_min: "5.00", price_max: "250.00" },
  };
}

export function productDetail(id: number, overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id,
    name: `Product ${id}`,
    description: "A fine product.",
    image: `/api/media/products/${id}.svg`,
    images: [`/api/media/products/${id}.svg`],
    price: "12.50",
    old_price: "15.00",
    currency: "EGP",
    favorite: 0,
    stock: 3,
    stock_status: "in_stock",
    min_qty: 1,
    max_qty: 5,
    rating: 4,
    rating_count: 0,
    review_summary: { count: 0, distribution: [0, 0, 0, 0, 0], stars: ["empty", "empty", "empty", "empty", "empty"] },
    branch: { id: 3, name: "Shop 3", logo: "/api/media/branches/3.svg", closed: false, minutes: 30, minimum: "50.00", free_delivery: false },
    category_id: 7,
    category: { id: 7, name: "Fruit" },
    brand: null,
    delivers: true,
    ...overrides,
  };
}

export function branchItem(id: number, overrides: Partial<BranchItem> = {}): BranchItem {
  return {
    id,
    name: `Shop ${id}`,
    logo: `/api/media/branches/${id}.svg`,
    cover: `/api/media/covers/${id}.svg`,
    is_favorite: false,
    closed: false,
    minimum: "50.00",
    minutes: 30,
    free_delivery: false,
    free_delivery_over: "300.00",
    delivery_fee: "15.00",
    rating: 4.5,
    branch_category: null,
    district: { id: 1, name: "Zamalek" },
    ...overrides,
  };
}

export function branchDetail(id: number, overrides: Partial<BranchDetail> = {}): BranchDetail {
  return {
    ...branchItem(id),
    description: "A corner shop.",
    categories: [{ id: 7, name: "Fruit", icon: "/api/media/categories/7.svg", products_count: 12 }],
    delivers: true,
    ...overrides,
  };
}

export function serviceDetail(overrides: Partial<ServiceDetail> = {}): ServiceDetail {
  return {
    id: 1,
    name: "Groceries",
    icon: "/api/media/services/1.svg",
    filter_type: "branches_focused",
    show_categories_menu: true,
    blocks: [
      { type: "slider", title: "Offers", items: [{ id: 1, is_favorite: false, image: "/api/media/banners/1.svg" }] },
      {
        type: "categories",
        title: "Category shopping",
        items: [{ id: 7, is_favorite: false, name: "Fresh fruit and vegetables of the season", icon: "/c/7.svg" }],
      },
      {
        type: "best_seller",
        title: "Best seller",
        items: [
          {
            id: 5,
            is_favorite: false,
            name: "Green tea",
            image: "/p/5.svg",
            price: "30.00",
            old_price: null,
            stock_status: "in_stock",
            rating: 4.5,
            branch_id: 3,
          },
        ],
      },
      { type: "brands", title: "Brands", items: [{ id: 2, is_favorite: false, name: "Nile Farms", logo: "/b/2.svg" }] },
      {
        type: "branches",
        title: "Top-rated shops",
        items: [{ id: 5, is_favorite: false, name: "Corner shop", logo: "/s/5.svg", rating: 4.8, minutes: 25, closed: false }],
      },
    ],
    ...overrides,
  } as ServiceDetail;
}
