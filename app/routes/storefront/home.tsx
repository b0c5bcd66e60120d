export default function Home() {
  return <h1>Pryde</h1>;
}
