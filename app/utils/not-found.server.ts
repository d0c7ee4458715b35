/** A 404 the root error boundary shows as the translated not-found screen. */
export function notFound(): Response {
  return new Response(null, { status: 404 });
}
