// The inbox screen shared by the agent portal (/agents/messages) and students (/messages): the
// threads newest first with their unread counts, and the opened thread with a reply form. Plain
// links and a plain form, so it all works without JavaScript.
import { useActionData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { usePersonName } from "~/utils/person-name";
import { useTranslation } from "~/utils/translation";
import type { InboxThread, ThreadMessage } from "#domain/messaging/messaging.queries";
import { Field, FormAlert, errorProps, failureFor } from "~/components/forms/form-bits";
import { formatDateTime } from "~/utils/format";

/** What the loader sends: dates may arrive as Date or as ISO text, depending on the transport. */
type Serialised<T> = {
  [K in keyof T]: T[K] extends Date
    ? Date | string
    : T[K] extends Date | null
      ? Date | string | null
      : T[K] extends object | null
        ? Serialised<T[K]>
        : T[K];
};

export interface InboxProps {
  basePath: string;
  threads: Serialised<InboxThread>[];
  open: { thread: Serialised<InboxThread>; messages: Serialised<ThreadMessage>[] } | null;
  bodyMax: number;
  emptyText: string;
}

const threadLink = (basePath: string, id: string) => `${basePath}?${new URLSearchParams({ thread: id })}`;

export function Inbox({ basePath, threads, open, bodyMax, emptyText }: InboxProps) {
  const { t } = useTranslation("messages");
  return (
    // One column on a phone (the opened thread first); minmax(0, …) and min-w-0 let a long preview
    // or word shrink and wrap instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
      <nav aria-label={t("inbox.listLabel")} className={`min-w-0 ${open ? "order-2 lg:order-1" : ""}`}>
        {threads.length === 0 ? (
          <p className="card p-4">{emptyText}</p>
        ) : (
          <ul className="card divide-y divide-slate-200 dark:divide-slate-700" data-testid="thread-list">
            {threads.map((thread) => (
              <ThreadItem key={thread.id} basePath={basePath} thread={thread} current={open?.thread.id === thread.id} />
            ))}
          </ul>
        )}
      </nav>
      {open ? (
        <div className="order-1 min-w-0 lg:order-2">
          <OpenThread basePath={basePath} thread={open.thread} messages={open.messages} bodyMax={bodyMax} />
        </div>
      ) : null}
    </div>
  );
}

function ThreadItem({ basePath, thread, current }: { basePath: string; thread: Serialised<InboxThread>; current: boolean }) {
  const { t, i18n } = useTranslation("messages");
  const name = usePersonName();
  return (
    <li>
      <Link
        to={threadLink(basePath, thread.id)}
        aria-current={current ? "page" : undefined}
        className={`block p-3 hover:bg-slate-100 dark:hover:bg-slate-800 ${current ? "bg-brand-50 dark:bg-slate-800" : ""}`}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className={`min-w-0 [overflow-wrap:anywhere] ${thread.unreadCount > 0 ? "font-bold" : "font-semibold"}`}>
            {name(thread.otherPartyName)}
          </span>
          {thread.unreadCount > 0 ? (
            <span
              className="shrink-0 whitespace-nowrap rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="unread-count"
            >
              {t("inbox.unread", { count: thread.unreadCount })}
            </span>
          ) : null}
        </span>
        <span className="block text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          {thread.propertyTitle ?? t("inbox.generalQuestion")}
        </span>
        {thread.lastMessage ? (
          <span className="mt-1 block truncate text-sm text-slate-600 dark:text-slate-400">
            {thread.lastMessage.fromMe ? `${t("inbox.you")}: ` : ""}
            {thread.lastMessage.body}
          </span>
        ) : null}
        <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{formatDateTime(thread.lastMessageAt, i18n.language)}</span>
      </Link>
    </li>
  );
}

function OpenThread({
  basePath,
  thread,
  messages,
  bodyMax,
}: {
  basePath: string;
  thread: Serialised<InboxThread>;
  messages: Serialised<ThreadMessage>[];
  bodyMax: number;
}) {
  const { t, i18n } = useTranslation("messages");
  const otherName = usePersonName()(thread.otherPartyName);
  const failure = failureFor(useActionData(), "reply");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const error = failure?.fieldErrors.body ?? failure?.fieldErrors.form ?? null;
  return (
    <section aria-labelledby="thread-heading" className="card min-w-0 p-4">
      <p className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm">
        <Link to={basePath} className="link">
          ← {t("inbox.back")}
        </Link>
        {/* A long conversation pushes the reply box down a phone's screen: one tap to reach it. */}
        <a href="#reply-body" className="link">
          {t("inbox.jumpToReply")}
        </a>
      </p>
      <h2 id="thread-heading" className="mt-2 text-xl font-semibold [overflow-wrap:anywhere]">
        {t("inbox.threadWith", { name: otherName })}
      </h2>
      <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
        {thread.propertyTitle && thread.propertyId ? (
          <>
            {t("inbox.about", { title: thread.propertyTitle })} ·{" "}
            <Link to={`/listings/${encodeURIComponent(thread.propertyId)}`} className="link">
              {t("inbox.viewListing")}
            </Link>
          </>
        ) : (
          t("inbox.generalQuestion")
        )}
      </p>
      {messages.length === 0 ? (
        <p className="mt-4">{t("inbox.noMessages")}</p>
      ) : (
        <ol className="mt-4 space-y-3" data-testid="thread-messages">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`max-w-[85%] rounded-lg p-3 ${m.fromMe ? "ml-auto bg-brand-50 dark:bg-slate-800" : "bg-slate-100 dark:bg-slate-900"}`}
            >
              <p className="text-xs font-semibold text-slate-700 dark:text-slate-300">
                {m.fromMe ? t("inbox.you") : otherName} · {formatDateTime(m.createdAt, i18n.language)}
                {m.fromMe && m.readAt ? ` · ${t("inbox.read")}` : ""}
              </p>
              <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="mt-6 space-y-3" preventScrollReset>
        <FormAlert message={failure?.formError} />
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="threadId" value={thread.id} />
        <Field id="reply-body" label={t("inbox.reply")} error={error} hint={t("inbox.replyHint", { max: bodyMax, name: otherName })}>
          <textarea
            id="reply-body"
            name="body"
            required
            maxLength={bodyMax}
            rows={4}
            // A new key after each sent reply empties the box; after a refusal the text stays.
            key={messages.length}
            defaultValue={failure?.values.body ?? ""}
            className="input"
            {...errorProps("reply-body", error)}
          />
        </Field>
        <button type="submit" className="btn-primary" disabled={sending}>
          {t("inbox.send")}
        </button>
      </Form>
    </section>
  );
}
