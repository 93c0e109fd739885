import { type, type Type } from 'arktype';
import { useMemo } from 'react';
import { replace, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';

/** A route's search schema: an object type whose keys are all optional. */
export type SearchSchema = Type<object>;

export interface SearchCheck<S extends SearchSchema> {
  /** The parsed values of the keys that passed. */
  value: S['infer'];
  /** Keys whose values did not pass and were dropped. */
  dropped: string[];
}

function topLevelKeys(errors: InstanceType<typeof type.errors>): string[] {
  const keys = new Set<string>();
  for (const error of errors) {
    const key = error.path[0];
    if (key !== undefined) keys.add(String(key));
  }
  return [...keys];
}

/** Validates search parameters; a key with an invalid value is dropped, the rest are kept. */
export function validateSearch<S extends SearchSchema>(schema: S, params: URLSearchParams): SearchCheck<S> {
  const candidate: Record<string, string> = Object.fromEntries(params);
  const dropped: string[] = [];
  for (;;) {
    const result: unknown = schema(candidate);
    if (!(result instanceof type.errors)) return { value: result as S['infer'], dropped };
    const bad = topLevelKeys(result).filter((key) => key in candidate);
    if (bad.length === 0) {
      // Not fixable by dropping keys (the schema is not an object of optional keys).
      return { value: {}, dropped: [...dropped, ...Object.keys(candidate)] };
    }
    for (const key of bad) {
      dropped.push(key);
      delete candidate[key];
    }
  }
}

/** The same search without the dropped keys (order and unrelated keys kept), or null if none. */
export function cleanedSearch(params: URLSearchParams, dropped: readonly string[]): string | null {
  if (dropped.length === 0) return null;
  const next = new URLSearchParams(params);
  for (const key of dropped) next.delete(key);
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** A route loader that redirects to the cleaned URL when a search value is invalid. */
export function searchLoader(schema: SearchSchema, canonicalPath: (path: string) => string = (path) => path) {
  return ({ request }: LoaderFunctionArgs): Response | null => {
    const url = new URL(request.url);
    const { dropped } = validateSearch(schema, url.searchParams);
    const search = cleanedSearch(url.searchParams, dropped);
    return search === null ? null : replace(`${canonicalPath(url.pathname)}${search}${url.hash}`);
  };
}

/** The current search parameters, validated by a route's schema (invalid keys left out). */
export function useValidatedSearch<S extends SearchSchema>(schema: S): S['infer'] {
  const [params] = useSearchParams();
  return useMemo(() => validateSearch(schema, params).value, [schema, params]);
}
