import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = () => [
  { title: "KamerNest · Affordable rentals in Buea" },
  { name: "description", content: "Verified rooms, studios and apartments near the University of Buea." },
];

export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="bg-brand-50 py-12 dark:bg-slate-900">
      <div className="container-page">
        <h1 className="text-3xl font-bold md:text-4xl">{t("home.heroTitle")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{t("home.heroBody")}</p>
        <Link to="/listings" className="btn-primary mt-6">{t("home.browse")}</Link>
      </div>
    </section>
  );
}
