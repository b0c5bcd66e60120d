import en from "./locales/en";
import th from "./locales/th";

export const resources = { en, th } as const;
export type Namespace = keyof typeof en;
export const namespaces = Object.keys(en) as Namespace[];

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof en;
  }
}
