// Wiring of the help content (domain/help-content): the FAQ and the legal pages, read by the public
// pages and edited by admins, each change and its audit row in one transaction. Composed into
// Services as `helpContent`.
import type { HelpContentDeps } from "#domain/help-content/help-content.use-cases";
import type { HelpContentRepository } from "#domain/help-content/help-content-repository.port";
import type { MarkdownRenderer } from "#domain/blog/markdown-renderer.port";
import type { PublicPages } from "#domain/shared/public-pages.port";
import { systemClock } from "#domain/shared/clock";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import { MarkdownItRenderer } from "#infrastructure/markdown/markdown-it-renderer";
import { KyselyHelpContentRepository, kyselyHelpContentUnitOfWork } from "#infrastructure/repositories/kysely-help-content-repository";

export interface HelpContentModule extends HelpContentDeps {
  /** Reads outside a transaction (public pages, admin lists). */
  content: HelpContentRepository;
  /** The safe Markdown renderer, quotes kept as typed. */
  markdown: MarkdownRenderer;
}

export function createHelpContentModule(database: DatabaseHandle, publicPages: PublicPages): HelpContentModule {
  return {
    uow: kyselyHelpContentUnitOfWork(database.db),
    content: new KyselyHelpContentRepository(database.db),
    markdown: new MarkdownItRenderer({ typographer: false }),
    clock: systemClock,
    ids: uuidIds,
    publicPages,
  };
}
