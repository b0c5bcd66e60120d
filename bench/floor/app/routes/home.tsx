import { useLoaderData } from "react-router";

export const meta = () => [{ title: "Floor" }, { name: "description", content: "A bare React Router page" }];

// Data from a loader, as every shop page has, but no database: the floor measures the framework alone.
export function loader() {
  return { items: Array.from({ length: 24 }, (_, index) => ({ id: index + 1, name: `Item ${index + 1}` })) };
}

export default function Home() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Floor</h1>
      <p>A bare React Router page on the shop&apos;s versions and server.</p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.name}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}
