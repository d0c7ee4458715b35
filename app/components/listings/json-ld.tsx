import { useNonce } from "~/components/nonce";
import { jsonLd } from "~/utils/seo";

/**
 * schema.org data. It is data, not script, but the CSP only lets a <script> element through with
 * the request's nonce, so it carries one. "<" is escaped so the text can never close the element.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonLd(data) }}
    />
  );
}
