// Any path no other route matches: the not-found screen with status 404 (drawn by the root's boundary).
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
