/**
 * Demo accounts the seed creates (README, `npm start` banner and tests sign in with these).
 * Never deploy demo data to production: these passwords are public.
 */
export interface DemoAccount {
  email: string;
  password: string;
  /** "Customer" or the staff role name (spec §6). */
  role: string;
  kind: "customer" | "staff";
  /** staff_roles.id for staff accounts. */
  roleId: number | null;
  fullName: string;
}

export const demoCustomerPassword = "Customer123";
export const demoStaffPassword = "Staff12345";

export const demoAccounts: readonly DemoAccount[] = [
  { email: "customer@pryde.test", password: demoCustomerPassword, role: "Customer", kind: "customer", roleId: null, fullName: "Napat Srisuk" },
  { email: "admin@pryde.test", password: demoStaffPassword, role: "System Administrator", kind: "staff", roleId: 1, fullName: "Kittipong Admin" },
  { email: "executive@pryde.test", password: demoStaffPassword, role: "Executive Administrator", kind: "staff", roleId: 2, fullName: "Siriporn Executive" },
  { email: "editor@pryde.test", password: demoStaffPassword, role: "Editor", kind: "staff", roleId: 3, fullName: "Anan Editor" },
  { email: "author@pryde.test", password: demoStaffPassword, role: "Author", kind: "staff", roleId: 4, fullName: "Pim Author" },
  { email: "user@pryde.test", password: demoStaffPassword, role: "User", kind: "staff", roleId: 5, fullName: "Chai User" },
];

export const demoCustomer = demoAccounts[0]!;
