import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";

export interface FooterContact {
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  addressFr: string;
}

export function SiteFooter({ contact }: { contact: FooterContact }) {
  const { t, i18n } = useTranslation();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-50 py-8 text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="container-page grid gap-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-brand-700 dark:text-brand-100">{t("appName")}</p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("footer.about")}</p>
        </div>
        <div>
          <h2 className="font-semibold">{t("footer.contactHeading")}</h2>
          <address className="mt-2 space-y-1 not-italic text-slate-700 dark:text-slate-300">
            <p>{i18n.language === "fr" ? contact.addressFr : contact.address}</p>
            <p>
              <a className="link" href={`mailto:${contact.email}`}>
                {t("footer.email", { email: contact.email })}
              </a>
            </p>
            <p>
              <a className="link" href={`tel:${contact.phone.replace(/\s+/g, "")}`}>
                {t("footer.phone", { phone: contact.phone })}
              </a>
            </p>
            <p>
              <a className="link" href={`https://wa.me/${contact.whatsapp}`} rel="noopener noreferrer" target="_blank">
                {t("footer.whatsapp")}
              </a>
            </p>
          </address>
        </div>
        <div>
          <h2 className="font-semibold">{t("footer.legalHeading")}</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className="link" to="/privacy">
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link className="link" to="/terms">
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link className="link" to="/faq">
                {t("footer.faq")}
              </Link>
            </li>
            <li>
              <Link className="link" to="/terms-agents">
                {t("footer.termsAgents")}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="container-page mt-6 text-slate-600 dark:text-slate-400">{t("footer.rights", { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
