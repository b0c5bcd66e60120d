// PLACEHOLDER: being built (issue 3). Must be replaced before this lands.
import { data } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
