// The contact form: stored, then e-mailed to support (submitContactMessage). A hidden "website"
// field catches bots: when it is filled the answer is the same success, and nothing is stored.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { submitContactMessage } from "#domain/contact/submit-contact-message.use-case";
import { CONTACT_LIMITS } from "#domain/contact/contact-message.entity";
import { clientIp, getOptionalUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { i18next } from "~/i18next.server";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { contactFormSchema } from "~/components/listings/schemas";
import { domainFailure, parseForm } from "~/utils/form-failure.server";
import { errorProps, Field, FormAlert, failureFor } from "~/components/forms/form-bits";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["contact"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context, request);
  const t = await i18next.getFixedT(request, "contact");
  const seo: PageSeo = { title: t("seo.title"), description: t("seo.description"), path: "/contact" };
  return {
    seo,
    support: context.services.publicConfig.support,
    // A signed-in user does not retype who they are.
    defaults: user ? { name: user.name, email: user.email } : { name: "", email: "" },
  };
}

const SENT = { kind: "success", title: "common:toast.success", description: "contact:sent" } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const parsed = parseForm(formData, contactFormSchema, "contact");
  // A bot that filled the honeypot gets exactly what a person gets, whatever else it typed.
  const honeypot = formData.get("website");
  if (typeof honeypot === "string" && honeypot.trim() !== "") return redirectWithToast(context, request, "/contact", SENT);
  if (!parsed.ok) return parsed.response;
  const { name, email, subject, message } = parsed.value;
  const result = await submitContactMessage(context.services.contact, { name, email, subject, message }, clientIp(context));
  if (!result.ok) return domainFailure(request, formData, "contact", result.error);
  return redirectWithToast(context, request, "/contact", SENT);
}

export default function ContactPage() {
  const { support, defaults } = useLoaderData<typeof loader>();
  const failure = failureFor(useActionData(), "contact");
  const { t, i18n } = useTranslation("contact");
  const value = (name: "name" | "email" | "subject" | "message") =>
    failure?.values[name] ?? (name === "name" || name === "email" ? defaults[name] : "");
  const errors = failure?.fieldErrors ?? {};
  return (
    <div className="container-page max-w-4xl py-8">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-[2fr_1fr]">
        <Form method="post" className="card space-y-4 p-5" aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="text-xl font-semibold">
            {t("formTitle")}
          </h2>
          <FormAlert message={failure?.formError} />
          <Field id="contact-name" label={t("fields.name")} error={errors.name}>
            <input
              id="contact-name"
              name="name"
              type="text"
              autoComplete="name"
              required
              minLength={CONTACT_LIMITS.name.min}
              maxLength={CONTACT_LIMITS.name.max}
              defaultValue={value("name")}
              className="input"
              {...errorProps("contact-name", errors.name)}
            />
          </Field>
          <Field id="contact-email" label={t("fields.email")} error={errors.email}>
            <input
              id="contact-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.email.max}
              defaultValue={value("email")}
              className="input"
              {...errorProps("contact-email", errors.email)}
            />
          </Field>
          <Field id="contact-subject" label={t("fields.subject")} error={errors.subject}>
            <input
              id="contact-subject"
              name="subject"
              type="text"
              required
              minLength={CONTACT_LIMITS.subject.min}
              maxLength={CONTACT_LIMITS.subject.max}
              defaultValue={value("subject")}
              className="input"
              {...errorProps("contact-subject", errors.subject)}
            />
          </Field>
          <Field id="contact-message" label={t("fields.message")} error={errors.message}>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              required
              minLength={CONTACT_LIMITS.message.min}
              maxLength={CONTACT_LIMITS.message.max}
              defaultValue={value("message")}
              className="input"
              {...errorProps("contact-message", errors.message)}
            />
          </Field>
          {/* The honeypot: off-screen and out of the tab order; people never see or fill it. */}
          <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
            <label htmlFor="contact-website">{t("fields.website")}</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <button type="submit" className="btn-primary">
            {t("send")}
          </button>
        </Form>
        <aside className="card space-y-3 p-5" aria-labelledby="contact-other-heading">
          <h2 id="contact-other-heading" className="text-xl font-semibold">
            {t("otherWays")}
          </h2>
          <p>
            <a className="link" href={`mailto:${support.email}`}>
              {support.email}
            </a>
          </p>
          <p>
            <a className="link" href={`tel:${support.phone.replace(/\s+/g, "")}`}>
              {support.phone}
            </a>
          </p>
          <p>
            <a className="link" href={`https://wa.me/${support.whatsapp}`} target="_blank" rel="noopener noreferrer">
              {t("whatsapp")}
            </a>
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{i18n.language === "fr" ? support.addressFr : support.address}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("hours")}</p>
        </aside>
      </div>
    </div>
  );
}
