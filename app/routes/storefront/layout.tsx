import { Outlet } from "react-router";

export default function StorefrontLayout() {
  return <Outlet />;
}
