import { domainError, type DomainError } from "../shared/result";

export type BlogErrorCode = "blog.post_not_found" | "blog.page_not_found";
export type BlogError = DomainError<BlogErrorCode>;
export const blogError = (code: BlogErrorCode): BlogError => domainError(code);
