// Expected failures are values with stable codes, returned by use cases, never thrown.
// Bugs and infrastructure failures are thrown.
export type Ok<T> = { ok: true; value: T };
export type Err<E> = { ok: false; error: E };
export type Result<T, E> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E>(error: E): Err<E> => ({ ok: false, error });

/** A domain error: a stable code that app/ maps to an HTTP status and a translated message. */
export interface DomainError<C extends string = string> {
  code: C;
  /** Optional values for the translated message, e.g. { limit: 5 }. */
  params?: Record<string, string | number>;
}

export const domainError = <C extends string>(code: C, params?: Record<string, string | number>): DomainError<C> =>
  params ? { code, params } : { code };
