export * from "./config";
export * from "./catalog";
export * from "./customers";
export * from "./cart";
