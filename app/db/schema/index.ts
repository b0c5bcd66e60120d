// The whole schema, for drizzle-kit (drizzle.config.ts) and the typed client (app/db/client.ts).
export * from "./config";
export * from "./catalog";
export * from "./content";
export * from "./customers";
export * from "./cart";
export * from "./orders";
export * from "./promotions";
export * from "./custom";
export * from "./billing";
export * from "./messaging";
export * from "./sponsors";
export * from "./accounts";
export * from "./reports";
export * from "./reviews";
